"""Signing a second device in to a profile, on both databases: a one-time link works once and for ten
minutes, five at most open, and looking at it (whose profile, until when) leaves it unused; a passkey
sign-in gives a code that signs the device in only once redeemed, so nothing is made before the
person's yes; passkeys registered and used end to end with a software authenticator
written here (an EC P-256 key, attestation "none", assertions signed by hand), while a forged
signature, another site's origin, a replayed challenge, an unknown or deleted credential and
malformed answers are refused and change nothing; another profile cannot delete your passkeys;
sign-in attempts count against the address's quota."""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import cbor2
import pytest
import segno
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from fastapi.testclient import TestClient
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

from highroller.web import clock
from highroller.web.store.dialects import open_store

ORIGIN = "http://localhost:8000"
"""The site of an app made without a public origin (`highroller.web.people.origin.LOCAL_ORIGIN`); the test
client's requests reach it at http://testserver, which sets nothing."""


def new_profile(client: TestClient, name: str = "Ann") -> str:
    """A new profile's key."""
    made = client.post("/api/profiles", json={"name": name, "languages": ["en"]})
    assert made.status_code == 201, made.text
    key: str = made.json()["key"]
    return key


def me(client: TestClient, key: str) -> dict[str, Any]:
    answer = client.get("/api/me", headers={"X-Profile": key})
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def new_link(client: TestClient, key: str) -> str:
    """A new one-time link's code."""
    made = client.post("/api/me/links", headers={"X-Profile": key})
    assert made.status_code == 201, made.text
    link: str = made.json()["link"]
    return link.split("#", 1)[1]


def refused(answer: Any, status: int, code: str) -> None:
    assert (answer.status_code, answer.json()["code"]) == (status, code), answer.text


def rows(database: str, query: str, args: tuple[Any, ...] = ()) -> list[Any]:
    store = open_store(database)
    try:
        with store.transaction() as cursor:
            return list(store.run(cursor, query, args).fetchall())
    finally:
        store.close()


def qr_modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules (column, row) an SVG drawn by segno shows: its path's runs (`h`) from moves (`M`, `m`)."""
    x = y = 0.0
    dark = set()
    for command, first, second in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", svg.split('stroke="#000"')[1]):
        if command == "M":
            x, y = float(first), float(second)
        elif command == "m":
            x, y = x + float(first), y + float(second)
        else:
            dark |= {(int(x) + i, int(y)) for i in range(int(first))}
            x += float(first)
    return dark


def b64(data: bytes) -> str:
    return bytes_to_base64url(data)


@dataclass
class Authenticator:
    """A software passkey: an EC P-256 key pair and a credential id, answering create and get the way
    a browser hands an authenticator's answers to a page (binary fields in base64url)."""

    key: ec.EllipticCurvePrivateKey
    credential_id: bytes
    user_handle: bytes = b""
    sign_count: int = 0

    @classmethod
    def new(cls) -> Authenticator:
        return cls(ec.generate_private_key(ec.SECP256R1()), secrets.token_bytes(16))

    def cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})

    @staticmethod
    def client_data(kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin, "crossOrigin": False}).encode()

    def create(self, options: dict[str, Any], origin: str = ORIGIN, rp_id: str | None = None) -> dict[str, Any]:
        """The credential `navigator.credentials.create(options)` would give."""
        self.user_handle = base64url_to_bytes(options["user"]["id"])
        rp_hash = hashlib.sha256((rp_id or options["rp"]["id"]).encode()).digest()
        attested = bytes(16) + len(self.credential_id).to_bytes(2, "big") + self.credential_id + self.cose_key()
        auth_data = rp_hash + bytes([0x01 | 0x04 | 0x40]) + self.sign_count.to_bytes(4, "big") + attested
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        return {
            "id": b64(self.credential_id),
            "rawId": b64(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(self.client_data("webauthn.create", options["challenge"], origin)),
                "attestationObject": b64(attestation),
            },
        }

    def get(self, options: dict[str, Any], origin: str = ORIGIN, forge: bool = False) -> dict[str, Any]:
        """The credential `navigator.credentials.get(options)` would give (`forge`: signed by another key)."""
        self.sign_count += 1
        auth_data = (
            hashlib.sha256(options["rpId"].encode()).digest()
            + bytes([0x01 | 0x04])
            + self.sign_count.to_bytes(4, "big")
        )
        client_data = self.client_data("webauthn.get", options["challenge"], origin)
        signer = ec.generate_private_key(ec.SECP256R1()) if forge else self.key
        signature = signer.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        return {
            "id": b64(self.credential_id),
            "rawId": b64(self.credential_id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(client_data),
                "authenticatorData": b64(auth_data),
                "signature": b64(signature),
                "userHandle": b64(self.user_handle),
            },
        }


def register(client: TestClient, key: str, authenticator: Authenticator, origin: str = ORIGIN) -> Any:
    """Add the authenticator's passkey to the profile of `key`: the answer."""
    begun = client.post("/api/me/passkeys/options", headers={"X-Profile": key})
    assert begun.status_code == 200, begun.text
    body = {
        "challenge_id": begun.json()["challenge_id"],
        "credential": authenticator.create(begun.json()["options"], origin),
    }
    return client.post("/api/me/passkeys", json=body, headers={"X-Profile": key})


def sign_in_options(client: TestClient) -> dict[str, Any]:
    begun = client.post("/api/signin/passkey/options")
    assert begun.status_code == 200, begun.text
    result: dict[str, Any] = begun.json()
    return result


def sign_in(client: TestClient, authenticator: Authenticator, origin: str = ORIGIN, forge: bool = False) -> Any:
    """Sign in with the authenticator's passkey: the answer."""
    begun = sign_in_options(client)
    credential = authenticator.get(begun["options"], origin, forge)
    return client.post("/api/signin/passkey", json={"challenge_id": begun["challenge_id"], "credential": credential})


def test_a_link_signs_a_second_device_in_once(client: TestClient, database: str) -> None:
    key = new_profile(client)
    made = client.post("/api/me/links", headers={"X-Profile": key}).json()
    assert made["link"].startswith(ORIGIN + "/signin#") and made["seconds"] == 600
    assert made["qr"].startswith("<svg") and made["qr"].endswith("</svg>")
    symbol = segno.make(made["link"], error="m")
    assert qr_modules(made["qr"]) == {
        (x + 4, y + 4) for y, row in enumerate(symbol.matrix) for x, dark in enumerate(row) if dark
    }  # the link's code, quiet zone around
    code = made["link"].split("#", 1)[1]
    assert len(base64url_to_bytes(code)) >= 32
    assert rows(database, "SELECT code_hash FROM hr_signin_links") == [
        (hashlib.sha256(code.encode()).hexdigest(),)
    ]  # never the code itself
    signed_in = client.post("/api/signin/link", json={"code": code})
    assert signed_in.status_code == 200, signed_in.text
    second = signed_in.json()
    assert second["profile"] == me(client, key) and second["key"] != key
    assert me(client, second["key"])["id"] == me(client, key)["id"]
    refused(client.post("/api/signin/link", json={"code": code}), 401, "bad-link")
    assert rows(database, "SELECT COUNT(*) FROM hr_signin_links") == [(0,)]
    refused(client.post("/api/me/links"), 401, "no-profile")


def test_looking_at_a_link_tells_whose_it_is_and_leaves_it_unused(
    client: TestClient, database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = new_profile(client, "Mallory")
    code = new_link(client, key)
    keys = rows(database, "SELECT COUNT(*) FROM hr_profile_keys")
    start = clock.now()
    monkeypatch.setattr(clock, "now", lambda: start + 100)
    for _ in range(3):
        looked = client.post("/api/signin/link/look", json={"code": code})
        assert looked.status_code == 200, looked.text
        assert looked.json()["profile"] == {"id": me(client, key)["id"], "name": "Mallory"}
        assert 495 <= looked.json()["seconds"] <= 500 and abs(looked.json()["expires"] - (start + 600)) < 5
    assert rows(database, "SELECT COUNT(*) FROM hr_profile_keys") == keys and rows(
        database, "SELECT COUNT(*) FROM hr_signin_links"
    ) == [(1,)]
    assert client.post("/api/signin/link", json={"code": code}).status_code == 200  # still usable
    refused(client.post("/api/signin/link/look", json={"code": code}), 401, "bad-link")
    late = new_link(client, key)
    monkeypatch.setattr(clock, "now", lambda: start + 100 + 601)
    refused(client.post("/api/signin/link/look", json={"code": late}), 401, "bad-link")
    for wrong in ("", "A" * 43, "../../etc/passwd"):
        refused(client.post("/api/signin/link/look", json={"code": wrong}), 401, "bad-link")


def test_two_devices_racing_for_one_link_sign_in_once(make_client: Callable[..., TestClient]) -> None:
    """Two server processes (two apps on the database) given the same code at the same moment: one signs in."""
    first, second = make_client(), make_client()
    code = new_link(first, new_profile(first))
    ready = threading.Barrier(2)

    def redeem(client: TestClient) -> int:
        ready.wait()
        status: int = client.post("/api/signin/link", json={"code": code}).status_code
        return status

    with ThreadPoolExecutor(2) as pool:
        statuses = sorted(pool.map(redeem, [first, second]))
    assert statuses == [200, 401]


def test_a_link_works_for_ten_minutes(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    key = new_profile(client)
    soon, late = new_link(client, key), new_link(client, key)
    start = clock.now()
    monkeypatch.setattr(clock, "now", lambda: start + 590)
    assert client.post("/api/signin/link", json={"code": soon}).status_code == 200
    monkeypatch.setattr(clock, "now", lambda: start + 601)
    answer = client.post("/api/signin/link", json={"code": late})
    refused(answer, 401, "bad-link")
    assert (
        answer.json()["error"]
        == "this sign-in link was used already or has expired: make a new one on a device that is signed in"
    )


def test_a_profile_has_five_links_open_at_most(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    key = new_profile(client)
    codes = [new_link(client, key) for _ in range(5)]
    too_many = client.post("/api/me/links", headers={"X-Profile": key})
    refused(too_many, 429, "too-many-links")
    assert 0 < int(too_many.headers["Retry-After"]) <= 601
    assert client.post("/api/signin/link", json={"code": codes[0]}).status_code == 200
    new_link(client, key)
    refused(client.post("/api/me/links", headers={"X-Profile": key}), 429, "too-many-links")
    start = clock.now()
    monkeypatch.setattr(clock, "now", lambda: start + 601)
    new_link(client, key)  # the expired ones no longer count


@pytest.mark.parametrize(
    "code", ["", "x", "A" * 43, "!" * 43, "A" * 42 + "=", "A" * 44, "../../etc/passwd", "A" * 1000]
)
def test_a_malformed_or_unknown_code_is_the_same_refusal(client: TestClient, code: str) -> None:
    refused(client.post("/api/signin/link", json={"code": code}), 401, "bad-link")


@pytest.mark.parametrize(
    "body", [{}, {"code": 12}, {"code": None}, {"code": "A" * 1001}, {"code": "A" * 43, "profile": "x"}, []]
)
def test_a_malformed_body_is_refused(client: TestClient, body: Any) -> None:
    refused(client.post("/api/signin/link", json=body), 422, "malformed")


def test_a_passkey_is_registered_and_signs_a_device_in(client: TestClient, database: str) -> None:
    key = new_profile(client)
    authenticator = Authenticator.new()
    added = register(client, key, authenticator)
    assert added.status_code == 201, added.text
    assert added.json()["id"] == b64(authenticator.credential_id)
    assert authenticator.user_handle == me(client, key)["id"].encode()
    listed = client.get("/api/me/passkeys", headers={"X-Profile": key}).json()
    assert listed == [added.json()]
    again = client.post("/api/me/passkeys/options", headers={"X-Profile": key}).json()["options"]
    assert again["excludeCredentials"] == [{"id": b64(authenticator.credential_id), "type": "public-key"}]
    assert again["authenticatorSelection"]["residentKey"] == "required"
    options = sign_in_options(client)["options"]
    assert (
        options["allowCredentials"] == []
        and options["rpId"] == "localhost"
        and options["userVerification"] == "preferred"
    )
    for count in (1, 2):
        verified = sign_in(client, authenticator)
        assert verified.status_code == 200, verified.text
        assert (
            verified.json()["profile"] == {"id": me(client, key)["id"], "name": "Ann"}
            and 295 <= verified.json()["seconds"] <= 300
        )
        assert rows(database, "SELECT COUNT(*) FROM hr_profile_keys") == [
            (count,)
        ]  # no device signed in before its yes
        signed_in = client.post("/api/signin/link", json={"code": verified.json()["code"]})
        assert signed_in.json()["profile"]["id"] == me(client, key)["id"]
        assert me(client, signed_in.json()["key"])["id"] == me(client, key)["id"]
        assert rows(database, "SELECT sign_count FROM hr_passkeys") == [(count,)]
        refused(client.post("/api/signin/link", json={"code": verified.json()["code"]}), 401, "bad-link")


def test_a_forged_replayed_foreign_or_unknown_passkey_answer_is_refused(client: TestClient, database: str) -> None:
    key = new_profile(client)
    authenticator = Authenticator.new()
    assert register(client, key, authenticator).status_code == 201
    devices = rows(database, "SELECT COUNT(*) FROM hr_profile_keys")
    refused(sign_in(client, authenticator, forge=True), 401, "bad-passkey")
    refused(sign_in(client, authenticator, origin="https://evil.example"), 401, "bad-passkey")
    assert rows(database, "SELECT COUNT(*) FROM hr_profile_keys") == devices
    assert rows(database, "SELECT sign_count FROM hr_passkeys") == [(0,)]
    begun = sign_in_options(client)
    used = authenticator.get(begun["options"])
    assert (
        client.post("/api/signin/passkey", json={"challenge_id": begun["challenge_id"], "credential": used}).status_code
        == 200
    )
    devices = rows(database, "SELECT COUNT(*) FROM hr_profile_keys")
    replayed = client.post("/api/signin/passkey", json={"challenge_id": begun["challenge_id"], "credential": used})
    refused(replayed, 401, "bad-challenge")
    fresh = sign_in_options(client)
    refused(
        client.post("/api/signin/passkey", json={"challenge_id": fresh["challenge_id"], "credential": used}),
        401,
        "bad-passkey",
    )  # signed for the old challenge
    refused(sign_in(client, Authenticator.new()), 401, "unknown-passkey")
    other_user = Authenticator(
        authenticator.key, authenticator.credential_id, b"someone else", authenticator.sign_count
    )
    refused(
        sign_in(client, other_user), 401, "bad-passkey"
    )  # the user handle is not signed: the server checks it is the passkey's profile
    rewound = Authenticator(authenticator.key, authenticator.credential_id, authenticator.user_handle, sign_count=0)
    refused(sign_in(client, rewound), 401, "bad-passkey")  # a signature count that went back: a cloned authenticator
    assert rows(database, "SELECT COUNT(*) FROM hr_profile_keys") == devices
    assert rows(database, "SELECT sign_count FROM hr_passkeys") == [
        (3,)
    ]  # the one answer taken, the third the authenticator signed


def test_a_registration_from_another_site_or_replayed_is_refused(client: TestClient, database: str) -> None:
    key, other = new_profile(client), new_profile(client, "Bob")
    refused(register(client, key, Authenticator.new(), origin="https://evil.example"), 401, "bad-passkey")
    begun = client.post("/api/me/passkeys/options", headers={"X-Profile": key}).json()
    foreign_rp = Authenticator.new().create(begun["options"], rp_id="evil.example")
    refused(
        client.post(
            "/api/me/passkeys",
            json={"challenge_id": begun["challenge_id"], "credential": foreign_rp},
            headers={"X-Profile": key},
        ),
        401,
        "bad-passkey",
    )
    begun = client.post("/api/me/passkeys/options", headers={"X-Profile": key}).json()
    credential = Authenticator.new().create(begun["options"])
    body = {"challenge_id": begun["challenge_id"], "credential": credential}
    refused(
        client.post("/api/me/passkeys", json=body, headers={"X-Profile": other}), 401, "bad-challenge"
    )  # another profile's challenge
    assert client.post("/api/me/passkeys", json=body, headers={"X-Profile": key}).status_code == 201
    refused(client.post("/api/me/passkeys", json=body, headers={"X-Profile": key}), 401, "bad-challenge")
    sign_in_challenge = sign_in_options(client)["challenge_id"]
    refused(
        client.post("/api/me/passkeys", json={**body, "challenge_id": sign_in_challenge}, headers={"X-Profile": key}),
        401,
        "bad-challenge",
    )
    assert len(rows(database, "SELECT credential_id FROM hr_passkeys")) == 1


def test_a_challenge_lasts_five_minutes(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    key = new_profile(client)
    authenticator = Authenticator.new()
    begun = client.post("/api/me/passkeys/options", headers={"X-Profile": key}).json()
    start = clock.now()
    monkeypatch.setattr(clock, "now", lambda: start + 301)
    late = client.post(
        "/api/me/passkeys",
        json={"challenge_id": begun["challenge_id"], "credential": authenticator.create(begun["options"])},
        headers={"X-Profile": key},
    )
    refused(late, 401, "bad-challenge")


def test_a_profile_has_four_registrations_in_flight_and_twenty_passkeys_at_most(client: TestClient) -> None:
    key = new_profile(client)
    begun = [client.post("/api/me/passkeys/options", headers={"X-Profile": key}).json() for _ in range(5)]

    def finish(started: dict[str, Any]) -> Any:
        credential = Authenticator.new().create(started["options"])
        return client.post(
            "/api/me/passkeys",
            json={"challenge_id": started["challenge_id"], "credential": credential},
            headers={"X-Profile": key},
        )

    refused(finish(begun[0]), 401, "bad-challenge")  # the fifth forgot the oldest
    assert finish(begun[1]).status_code == 201
    for _ in range(19):
        assert register(client, key, Authenticator.new()).status_code == 201
    refused(register(client, key, Authenticator.new()), 409, "too-many-passkeys")
    assert len(client.get("/api/me/passkeys", headers={"X-Profile": key}).json()) == 20


def test_only_the_owner_deletes_a_passkey(client: TestClient) -> None:
    key, other = new_profile(client), new_profile(client, "Bob")
    authenticator = Authenticator.new()
    passkey = register(client, key, authenticator).json()["id"]
    refused(client.delete(f"/api/me/passkeys/{passkey}", headers={"X-Profile": other}), 404, "no-passkey")
    refused(client.delete(f"/api/me/passkeys/{passkey}"), 401, "no-profile")
    assert client.get("/api/me/passkeys", headers={"X-Profile": other}).json() == []
    assert [p["id"] for p in client.get("/api/me/passkeys", headers={"X-Profile": key}).json()] == [passkey]
    assert sign_in(client, authenticator).status_code == 200
    deleted = client.delete(f"/api/me/passkeys/{passkey}", headers={"X-Profile": key})
    assert deleted.status_code == 200 and deleted.json() == {"deleted": True}
    assert client.get("/api/me/passkeys", headers={"X-Profile": key}).json() == []
    refused(sign_in(client, authenticator), 401, "unknown-passkey")
    refused(client.delete(f"/api/me/passkeys/{passkey}", headers={"X-Profile": key}), 404, "no-passkey")


def test_a_deleted_profile_signs_nobody_in(client: TestClient) -> None:
    key = new_profile(client)
    authenticator = Authenticator.new()
    assert register(client, key, authenticator).status_code == 201
    code = new_link(client, key)
    assert client.delete("/api/me", headers={"X-Profile": key}).status_code == 200
    refused(client.post("/api/signin/link", json={"code": code}), 401, "bad-link")
    refused(sign_in(client, authenticator), 401, "unknown-passkey")


def malformed_credentials() -> list[tuple[str, Any]]:
    good = Authenticator.new().get({"rpId": "localhost", "challenge": b64(b"0" * 32)})
    return [
        ("no response", {k: v for k, v in good.items() if k != "response"}),
        ("not a public key", {**good, "type": "password"}),
        ("an unknown field", {**good, "extra": 1}),
        ("a number for text", {**good, "id": 5}),
        ("an id too long", {**good, "id": "A" * 1001, "rawId": "A" * 1001}),
        ("a signature too long", {**good, "response": {**good["response"], "signature": "A" * 5000}}),
        ("a list", [good]),
    ]


@pytest.mark.parametrize(
    ("what", "credential"), malformed_credentials(), ids=[what for what, _ in malformed_credentials()]
)
def test_a_malformed_credential_is_refused(client: TestClient, what: str, credential: Any) -> None:
    begun = sign_in_options(client)
    refused(
        client.post("/api/signin/passkey", json={"challenge_id": begun["challenge_id"], "credential": credential}),
        422,
        "malformed",
    )


def test_a_credential_that_is_not_webauthn_is_refused(client: TestClient, database: str) -> None:
    key = new_profile(client)
    authenticator = Authenticator.new()
    assert register(client, key, authenticator).status_code == 201
    begun = sign_in_options(client)
    good = authenticator.get(begun["options"])
    garbage = {
        **good,
        "response": {**good["response"], "clientDataJSON": "not base64!", "authenticatorData": b64(b"short")},
    }
    refused(
        client.post("/api/signin/passkey", json={"challenge_id": begun["challenge_id"], "credential": garbage}),
        401,
        "bad-passkey",
    )
    begun = client.post("/api/me/passkeys/options", headers={"X-Profile": key}).json()
    made = Authenticator.new().create(begun["options"])
    broken = {**made, "response": {**made["response"], "attestationObject": b64(cbor2.dumps({"fmt": "none"}))}}
    refused(
        client.post(
            "/api/me/passkeys",
            json={"challenge_id": begun["challenge_id"], "credential": broken},
            headers={"X-Profile": key},
        ),
        401,
        "bad-passkey",
    )
    assert len(rows(database, "SELECT credential_id FROM hr_passkeys")) == 1


def test_a_public_origin_names_the_site(make_client: Callable[..., TestClient]) -> None:
    client = make_client(public_origin="https://dice.example.org/")
    key = new_profile(client)
    link = client.post("/api/me/links", headers={"X-Profile": key}).json()["link"]
    assert link.startswith("https://dice.example.org/signin#")
    authenticator = Authenticator.new()
    refused(register(client, key, authenticator), 401, "bad-passkey")  # made at another address than the site's
    assert register(client, key, authenticator, origin="https://dice.example.org").status_code == 201
    assert sign_in_options(client)["options"]["rpId"] == "dice.example.org"
    assert sign_in(client, authenticator, origin="https://dice.example.org").status_code == 200


def test_sign_in_attempts_count_against_the_address(make_client: Callable[..., TestClient]) -> None:
    client = make_client(joins_per_minute=4)
    key = new_profile(client)  # one
    code = new_link(client, key)
    for _ in range(2):  # two, three
        refused(client.post("/api/signin/link", json={"code": "A" * 43}), 401, "bad-link")
    sign_in_options(client)  # four
    refused(client.post("/api/signin/link", json={"code": code}), 429, "rate-limited")
    refused(client.post("/api/signin/link/look", json={"code": code}), 429, "rate-limited")
    refused(client.post("/api/signin/passkey/options"), 429, "rate-limited")
    assert (
        client.post("/api/me/links", headers={"X-Profile": key}).status_code == 201
    )  # a signed-in device's own requests are no attempts


def test_a_forged_host_changes_neither_the_link_nor_the_passkeys_site(client: TestClient) -> None:
    key = new_profile(client)
    forged = {"Host": "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"}
    link = client.post("/api/me/links", headers={"X-Profile": key, **forged}).json()["link"]
    assert link.startswith(ORIGIN + "/signin#")
    assert (
        client.post("/api/me/passkeys/options", headers={"X-Profile": key, **forged}).json()["options"]["rp"]["id"]
        == "localhost"
    )
    assert client.post("/api/signin/passkey/options", headers=forged).json()["options"]["rpId"] == "localhost"
    assert client.get("/api/signin/site", headers=forged).json() == {"origin": ORIGIN, "rp_id": "localhost"}
    authenticator = Authenticator.new()
    refused(register(client, key, authenticator, origin="https://evil.example"), 401, "bad-passkey")
    assert register(client, key, authenticator).status_code == 201


def test_a_passkey_is_refused_for_another_site_than_its_own(
    make_client: Callable[..., TestClient], database: str
) -> None:
    here = make_client(public_origin="https://dice.example.org")
    key = new_profile(here)
    authenticator, older = Authenticator.new(), Authenticator.new()
    assert register(here, key, authenticator, origin="https://dice.example.org").status_code == 201
    assert register(here, key, older, origin="https://dice.example.org").status_code == 201
    assert (
        rows(database, "SELECT rp_id, origin FROM hr_passkeys")
        == [("dice.example.org", "https://dice.example.org")] * 2
    )
    store = open_store(database)
    with store.transaction(write=True) as cursor:  # a passkey made before passkeys kept their site
        store.run(
            cursor,
            "UPDATE hr_passkeys SET rp_id = NULL, origin = NULL WHERE credential_id = ?",
            (b64(older.credential_id),),
        )
    store.close()
    moved = make_client(public_origin="https://play.example.net")
    answer = sign_in(
        moved, authenticator, origin="https://play.example.net"
    )  # an authenticator that signs for any site
    refused(answer, 401, "other-site")
    assert answer.json()["error"] == (
        "this passkey was made for https://dice.example.org, not for this site, https://play.example.net: sign in "
        "there, or here with a one-time link"
    )
    assert sign_in(here, authenticator, origin="https://dice.example.org").status_code == 200
    assert (
        sign_in(moved, older, origin="https://play.example.net").status_code == 200
    )  # it takes the first site it is verified for
    assert rows(database, "SELECT rp_id FROM hr_passkeys WHERE credential_id = ?", (b64(older.credential_id),)) == [
        ("play.example.net",)
    ]
    refused(sign_in(here, older, origin="https://dice.example.org"), 401, "other-site")
