"""A push service stand-in for the tests, on a loopback port: it takes what the server pushes to
`/push/<id>` as a real push service would, checks it and decrypts it as the device would, and keeps
each payload.

A push is taken (201) only with a VAPID `Authorization: vapid t=<JWT>,k=<public key>` whose ES256
signature verifies with k, whose audience is this service's origin and which has not expired, with a
body encrypted for the subscription (RFC 8291, `Content-Encoding: aes128gcm`), and with a `Topic`, if
any, of at most 32 base64url characters (RFC 8030); anything else is noted in `problems` and refused
(400, 401). A push taken reaches its device at once, unless the device is `asleep`: then it waits
until `wake`, and a newer push with the same `Topic` replaces the one waiting (RFC 8030 §5.4), as a
real push service does. An id told `gone` answers 410, as a push service does for a subscription that
no longer exists; one told `failing` answers 500; one told `slow` answers after `SLOW` seconds;
`refuse` plans the answers to the next pushes to a device (a status, with a `Retry-After`). The next
`stalled` pushes to any device wait `STALL` seconds before they are taken, and are not if their sender
hung up meanwhile (a push service that had not stored a push when its connection dropped); the next
`late` ones are taken but answered only after `LATE` seconds, when the server no longer waits (a push
stored whose answer is lost). `Device` makes a subscription's keys (a P-256 key pair and 16 random
auth bytes).

As a command it lets a person try notifications on one machine (docs/web.md, "Notifications"):
`python tests/web/push_receiver.py --server http://localhost:8000`, beside `highroller serve
--push-hosts http://127.0.0.1:8765`, makes a profile, subscribes a device of this stand-in for it,
makes it a turn-based table with a bot and prints each notification the device receives, decrypted.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import re
import select
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.request import Request, urlopen

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid.jwt import decode as decode_jwt

SLOW = 5.0
"""Seconds a `slow` id keeps the server waiting for its answer."""
LATE = 12.0
"""Seconds a `late` push is answered after (the server waits 10 s at most)."""
STALL = 6.0
"""Seconds a `stalled` push waits before it is taken."""
TOPIC = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


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
        return b64url(
            self.key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    def subscription(self) -> dict[str, Any]:
        """The subscription's JSON, as `PushSubscription.toJSON()` gives it (without expirationTime)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)}}


def _hung_up(connection: socket.socket, seconds: float) -> bool:
    """Wait `seconds`; whether the other end closed the connection meanwhile."""
    time.sleep(seconds)
    readable, _, _ = select.select([connection], [], [], 0)
    return bool(readable) and connection.recv(1, socket.MSG_PEEK) == b""


class PushReceiver:
    """The stand-in push service: `device(id)` subscribes, `payloads(id)` what reached that device."""

    def __init__(self, port: int = 0) -> None:
        """Listen on `port` of 127.0.0.1 (0: any free one)."""
        self._devices: dict[str, Device] = {}
        self._payloads: dict[str, list[dict[str, Any]]] = {}
        self._waiting: dict[str, list[tuple[str | None, dict[str, Any]]]] = {}
        self._topics: dict[str, list[str | None]] = {}
        self._planned: dict[str, list[tuple[int, str | None]]] = {}
        self.problems: list[str] = []
        """What was refused, and why (a test expects none)."""
        self.gone: set[str] = set()
        self.failing: set[str] = set()
        self.slow: set[str] = set()
        self.asleep: set[str] = set()
        self.stalled = 0
        self.late = 0
        self.replaced = 0
        """Pushes waiting for a device that a newer one with the same topic replaced."""
        self.in_flight = 0
        """Pushes being answered now."""
        self.vapid_keys: set[str] = set()
        """The VAPID public keys (k) that signed the pushes taken."""
        self._lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with receiver._lock:
                    receiver.in_flight += 1
                    stalls = receiver.stalled > 0
                    if stalls:
                        receiver.stalled -= 1
                try:
                    if stalls and _hung_up(self.connection, STALL):
                        return  # nothing taken
                    status, retry_after, late = receiver._answer(self.path, dict(self.headers.items()), body)
                    time.sleep(LATE if late else 0)
                    self.send_response(status)
                    if retry_after is not None:
                        self.send_header("Retry-After", retry_after)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                except OSError:
                    pass  # the server no longer waits for the answer
                finally:
                    with receiver._lock:
                        receiver.in_flight -= 1

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
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
            self._waiting[device_id] = []
            self._topics[device_id] = []
        return made

    def refuse(self, device_id: str, status: int, times: int = 1, retry_after: str | None = None) -> None:
        """Answer the next `times` pushes to the device `status` (with `Retry-After` if given), not taking them."""
        with self._lock:
            self._planned.setdefault(device_id, []).extend([(status, retry_after)] * times)

    def topics(self, device_id: str) -> list[str | None]:
        """The `Topic` of each push taken for the device, in order (None: it had none)."""
        with self._lock:
            return list(self._topics[device_id])

    def wake(self, device_id: str) -> None:
        """The device is online: what waited for it reaches it, and the next pushes at once."""
        with self._lock:
            self.asleep.discard(device_id)
            self._payloads[device_id].extend(payload for _, payload in self._waiting[device_id])
            self._waiting[device_id] = []

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

    def _answer(self, path: str, headers: dict[str, str], body: bytes) -> tuple[int, str | None, bool]:
        """The status to answer a push, its `Retry-After`, and whether to answer it late."""
        with self._lock:
            planned = self._planned.get(path.removeprefix("/push/"))
            if planned:
                return (*planned.pop(0), False)
        status = self._take(path, headers, body)
        with self._lock:
            late = self.late > 0 and status == 201
            if late:
                self.late -= 1
        return status, None, late

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
        topic = headers.get("topic")
        if topic is not None and not TOPIC.match(topic):
            return self._refuse(400, f"a Topic is at most 32 base64url characters: {topic!r}")
        try:
            payload = json.loads(
                http_ece.decrypt(body, private_key=device.key, auth_secret=device.auth, version="aes128gcm")
            )
        except Exception as error:
            return self._refuse(400, f"the body does not decrypt for the device: {error!r}")
        with self._lock:
            self.vapid_keys.add(parts["k"])
            self._topics[device_id].append(topic)
            if device_id not in self.asleep:
                self._payloads[device_id].append(payload)
                return 201
            waiting = self._waiting[device_id]
            kept = [(held, waited) for held, waited in waiting if topic is None or held != topic]
            self.replaced += len(waiting) - len(kept)
            self._waiting[device_id] = [*kept, (topic, payload)]
        return 201

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def _post(url: str, body: dict[str, Any], key: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json", **({"X-Profile": key} if key else {})}
    with urlopen(Request(url, data=json.dumps(body).encode(), headers=headers, method="POST"), timeout=30) as answer:
        result: dict[str, Any] = json.loads(answer.read())
    return result


def main() -> None:
    """Subscribe a stand-in device to a running server's notifications, and print what it receives."""
    parser = argparse.ArgumentParser(
        description="A push service stand-in: try a server's notifications on one machine."
    )
    parser.add_argument(
        "--server", default="http://localhost:8000", help="the running highroller serve (default: %(default)s)"
    )
    parser.add_argument(
        "--port", type=int, default=8765, help="this stand-in's port on 127.0.0.1, listed in the server's --push-hosts"
    )
    args = parser.parse_args()
    receiver = PushReceiver(args.port)
    device = receiver.device("this-machine")
    server = args.server.rstrip("/")
    key = _post(f"{server}/api/profiles", {"name": "Ann", "languages": ["en"]})["key"]
    _post(f"{server}/api/me/push", device.subscription(), key)
    table = _post(
        f"{server}/api/tables",
        {"game": "lasvegas", "options": {"players": 2}, "bots": [None, "easy"], "name": "Ann", "timer": 3600},
        key,
    )
    print(
        f"Ann (profile key {key}) sits at the turn-based table {server}/table/{table['id']}, seat token "
        f"{table['token']}."
    )
    print(
        f"Her device is subscribed through {receiver.url}; each notification it receives is printed here (Ctrl+C "
        f"stops).",
        flush=True,
    )
    shown = 0
    try:
        while True:
            for payload in receiver.wait_for("this-machine", shown + 1, timeout=1.0)[shown:]:
                print(json.dumps(payload, ensure_ascii=False, indent=2), flush=True)
                shown += 1
    except KeyboardInterrupt:
        receiver.close()


if __name__ == "__main__":
    main()
