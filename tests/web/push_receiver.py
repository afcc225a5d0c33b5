"""A push service stand-in for the tests, on a loopback port: it takes what the server pushes to
`/push/<id>` as a real push service would, checks it and decrypts it as the device would, and keeps
each payload.

A push is taken (201) only with a VAPID `Authorization: vapid t=<JWT>,k=<public key>` whose ES256
signature verifies with k, whose audience is this service's origin and which has not expired, and
with a body encrypted for the subscription (RFC 8291, `Content-Encoding: aes128gcm`); anything else is
noted in `problems` and refused (400, 401). An id told `gone` answers 410, as a push service does for
a subscription that no longer exists; one told `failing` answers 500; one told `slow` answers after
`SLOW` seconds. `Device` makes a subscription's keys (a P-256 key pair and 16 random auth bytes).
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid.jwt import decode as decode_jwt

SLOW = 5.0
"""Seconds a `slow` id keeps the server waiting for its answer."""


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@dataclass
class Device:
    """A browser's side of a subscription: its key pair and auth secret, at `endpoint`."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64url(self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    def subscription(self) -> dict[str, Any]:
        """The subscription's JSON, as `PushSubscription.toJSON()` gives it (without expirationTime)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)}}


class PushReceiver:
    """The stand-in push service: `device(id)` subscribes, `payloads(id)` what reached that device."""

    def __init__(self) -> None:
        self._devices: dict[str, Device] = {}
        self._payloads: dict[str, list[dict[str, Any]]] = {}
        self.problems: list[str] = []
        """What was refused, and why (a test expects none)."""
        self.gone: set[str] = set()
        self.failing: set[str] = set()
        self.slow: set[str] = set()
        self.vapid_keys: set[str] = set()
        """The VAPID public keys (k) that signed the pushes taken."""
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the http.server name)
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                status = receiver._take(self.path, dict(self.headers.items()), body)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (the http.server name)
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        """The service's origin: what `--push-hosts` lists for it."""
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def device(self, device_id: str) -> Device:
        """A new device subscribed at `/push/<device_id>`."""
        made = Device(f"{self.url}/push/{device_id}")
        with self._lock:
            self._devices[device_id] = made
            self._payloads[device_id] = []
        return made

    def payloads(self, device_id: str) -> list[dict[str, Any]]:
        """The payloads that reached the device, in order."""
        with self._lock:
            return list(self._payloads[device_id])

    def wait_for(self, device_id: str, count: int, timeout: float = 20.0) -> list[dict[str, Any]]:
        """The device's payloads once there are at least `count` (or when `timeout` seconds are over)."""
        deadline = time.monotonic() + timeout
        while len(self.payloads(device_id)) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.payloads(device_id)

    def _refuse(self, status: int, problem: str) -> int:
        with self._lock:
            self.problems.append(problem)
        return status

    def _take(self, path: str, headers: dict[str, str], body: bytes) -> int:
        headers = {name.lower(): value for name, value in headers.items()}
        device_id = path.removeprefix("/push/")
        device = self._devices.get(device_id)
        if not path.startswith("/push/") or device is None:
            return self._refuse(404, f"no device at {path}")
        if device_id in self.slow:
            time.sleep(SLOW)
        if device_id in self.gone:
            return 410
        if device_id in self.failing:
            return 500
        scheme, _, credentials = headers.get("authorization", "").partition(" ")
        parts = dict(part.split("=", 1) for part in credentials.split(",") if "=" in part)
        if scheme.lower() != "vapid" or "t" not in parts or "k" not in parts:
            return self._refuse(401, f"no VAPID authorization: {headers.get('authorization')!r}")
        try:
            claims = decode_jwt(parts["t"], parts["k"])
        except Exception as error:
            return self._refuse(401, f"the VAPID signature does not verify: {error!r}")
        if claims.get("aud") != self.url or int(claims.get("exp", 0)) < time.time() or not claims.get("sub"):
            return self._refuse(401, f"bad VAPID claims: {claims}")
        if headers.get("content-encoding") != "aes128gcm" or "ttl" not in headers:
            return self._refuse(400, f"not aes128gcm with a TTL: {headers}")
        try:
            payload = json.loads(http_ece.decrypt(body, private_key=device.key, auth_secret=device.auth, version="aes128gcm"))
        except Exception as error:
            return self._refuse(400, f"the body does not decrypt for the device: {error!r}")
        with self._lock:
            self._payloads[device_id].append(payload)
            self.vapid_keys.add(parts["k"])
        return 201

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()
