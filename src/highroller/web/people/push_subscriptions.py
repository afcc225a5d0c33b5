"""Web Push subscriptions: each device's, checked as hostile before it is kept, kept per profile, and the
test notification a profile may ask for now and then.

A subscription comes from a request, so it is checked as hostile: its endpoint is an `https://` URL
of a push service `settings.push_hosts` names (the exact host, or any sub-domain of a `*.` entry, on
the default port, with no user name or password), or exactly a listed `http://host:port` entry (the
tests' stand-in); its keys are a P-256 point on the curve and a 16-byte secret. The host is checked as
the push service and the sending HTTP client read it: percent-escapes decoded and IDNA applied, the
host read must be the one written, a plain host name (no IP address, no trailing dot), and the HTTP
client must read the same host and port. The server sends nothing anywhere else
(`highroller.web.people.push_sending`). A profile keeps at most `MAX_SUBSCRIPTIONS` (the oldest goes). An
endpoint another profile holds moves to the profile that subscribes it only with the same keys: the device
itself subscribing again (its `auth` secret proves it); anyone else is refused, and the other profile keeps it.
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from urllib3.util import parse_url

from highroller.web import clock
from highroller.web.http.errors import Refused
from highroller.web.store.database import Store

MAX_ENDPOINT = 1000
"""The longest endpoint URL a subscription may have (characters)."""
MAX_SUBSCRIPTIONS = 10
"""Devices one profile may have subscribed; a newer subscription pushes out the oldest."""
POINT_BYTES = 65
"""An uncompressed P-256 point: 0x04, then x and y of 32 bytes each."""
AUTH_BYTES = 16
"""The auth secret of a subscription."""
TEST_EVERY = 60.0
"""Seconds between two test notifications a profile may ask for."""
_URL_CHARACTERS = re.compile(r"^[A-Za-z0-9\-._~:/?\[\]@!$&'()*+,;=%]+$")
"""What an endpoint may be written with: URL characters, without a fragment, spaces or backslashes."""
_BASE64URL = re.compile(r"^[A-Za-z0-9_-]+={0,2}$")
_HOST_AND_PORT = re.compile(r"^(?P<host>[^:]*)(?::(?P<port>[^:]*))?$")
_HOST_NAME = re.compile(r"^(?!-)[a-z0-9-]{1,63}(?<!-)(?:\.(?!-)[a-z0-9-]{1,63}(?<!-))*$")
"""A plain DNS name: letters, digits and inner hyphens in labels of 1 to 63, without a trailing dot."""
_NUMBER = re.compile(r"^(?:[0-9]+|0x[0-9a-f]*)$")
"""A label a URL reader takes as a number: a host whose last label is one is read as an IPv4 address."""


@dataclass(frozen=True)
class Subscription:
    """A device's push subscription: where to post, and the keys to encrypt for."""

    endpoint: str
    p256dh: str
    auth: str

    def info(self) -> dict[str, Any]:
        """The subscription as `pywebpush` takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


# ---------------------------------------------------------------------- checking a subscription
def _host_allowed(host: str, hosts: str) -> bool:
    for entry in (part.strip().lower() for part in hosts.split(",")):
        if entry.startswith("*.") and host.endswith(entry[1:]) and len(host) > len(entry) - 1:
            return True
        if entry == host:
            return True
    return False


def _plain_http_allowed(origin: str, hosts: str) -> bool:
    return origin in {part.strip().lower() for part in hosts.split(",") if part.strip().lower().startswith("http://")}


def _read_host(written: str) -> str | None:
    """The host a URL reader takes `written` for: percent-escapes decoded, IDNA applied (full-width
    dots and letters mapped), lowercased; None if it is no host name at all."""
    try:
        return unquote(written, errors="strict").encode("idna").decode("ascii").lower()
    except UnicodeError:
        return None


def _plain_host(host: str | None) -> bool:
    return host is not None and _HOST_NAME.match(host) is not None and _NUMBER.match(host.rpartition(".")[2]) is None


def checked_endpoint(endpoint: str, hosts: str) -> str:
    """The endpoint if it is one the server may post to, else `Refused` saying what is allowed."""
    services = ", ".join(part.strip() for part in hosts.split(",") if part.strip())
    if len(endpoint) > MAX_ENDPOINT or not _URL_CHARACTERS.match(endpoint):
        raise Refused(
            "an endpoint is a URL of at most {most} characters, without spaces, backslashes or a fragment",
            422,
            "bad-endpoint",
            most=MAX_ENDPOINT,
        )
    elsewhere = Refused(
        "an endpoint is an https:// address of a push service this server sends to: {services}",
        422,
        "bad-endpoint",
        services=services,
    )
    try:
        parts = urlsplit(endpoint)
    except ValueError:  # brackets that are no IPv6 address
        raise elsewhere from None
    if "@" in unquote(parts.netloc):
        raise Refused("an endpoint has no user name or password in it", 422, "bad-endpoint")
    scheme = parts.scheme.lower()
    if scheme == "http" and _plain_http_allowed(f"http://{parts.netloc.lower()}", hosts):
        return endpoint
    written = _HOST_AND_PORT.match(parts.netloc.lower())
    host = _read_host(written["host"]) if written else None
    if (
        scheme != "https"
        or written is None
        or written["port"] not in (None, "443")
        or host != written["host"]
        or not _plain_host(host)
        or not _host_allowed(host or "", hosts)
        or _client_reads(endpoint) != (host, 443)
    ):
        raise elsewhere
    return endpoint


def _client_reads(endpoint: str) -> tuple[str | None, int] | None:
    """The host and port the HTTP client that sends pushes reads in the endpoint."""
    try:
        url = parse_url(endpoint)
    except ValueError:
        return None
    return url.host, url.port or 443


def _decoded(text: str) -> bytes | None:
    if not _BASE64URL.match(text):
        return None
    try:
        return base64.urlsafe_b64decode(text.rstrip("=") + "=" * (-len(text.rstrip("=")) % 4))
    except (binascii.Error, ValueError):
        return None


def _on_curve(point: bytes) -> bool:
    if len(point) != POINT_BYTES or point[0] != 4:
        return False
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        return False
    return True


def _unpadded(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def checked_subscription(endpoint: str, p256dh: str, auth: str, hosts: str) -> Subscription:
    """A subscription a request sent, checked, its keys in unpadded base64url; or `Refused`."""
    checked_endpoint(endpoint, hosts)
    point = _decoded(p256dh)
    if point is None or not _on_curve(point):
        raise Refused(
            "keys.p256dh is the device's P-256 public key: an uncompressed point on the curve, {size} bytes in "
            "base64url",
            422,
            "bad-key",
            size=POINT_BYTES,
        )
    secret = _decoded(auth)
    if secret is None or len(secret) != AUTH_BYTES:
        raise Refused(
            "keys.auth is the subscription's secret: {size} bytes in base64url", 422, "bad-key", size=AUTH_BYTES
        )
    return Subscription(endpoint, _unpadded(point), _unpadded(secret))


# ---------------------------------------------------------------------- stored subscriptions
def subscribe(store: Store, profile_id: str, subscription: Subscription, device: str | None = None) -> int:
    """Keep the subscription as the profile's, made by the device whose key has the hash `device`
    (signing it out deletes it), dropping the profile's oldest beyond `MAX_SUBSCRIPTIONS`; the
    profile's devices now. An endpoint another profile holds is taken from it only with the same keys
    (the device itself subscribing again), else `Refused` and the other profile keeps it."""
    with store.transaction(write=True) as cursor:
        # The profile's row lock: one profile's subscriptions change one request at a time.
        store.run(cursor, "UPDATE hr_profiles SET deleted = deleted WHERE id = ?", (profile_id,))
        saved = store.run(
            cursor,
            "INSERT INTO hr_push (endpoint, profile_id, p256dh, auth, created, key_hash) VALUES (?, ?, ?, ?, ?, ?) ON "
            "CONFLICT (endpoint) DO UPDATE SET"
            " profile_id = excluded.profile_id, p256dh = excluded.p256dh, auth = excluded.auth, created = "
            "excluded.created, key_hash = excluded.key_hash"
            " WHERE hr_push.profile_id = excluded.profile_id OR (hr_push.p256dh = excluded.p256dh AND hr_push.auth = "
            "excluded.auth)"
            " RETURNING endpoint",
            (subscription.endpoint, profile_id, subscription.p256dh, subscription.auth, clock.now(), device),
        ).fetchone()
        if saved is None:
            raise Refused(
                "another profile holds this endpoint: only the device itself, with its own keys, can move it to yours",
                409,
                "endpoint-taken",
            )
        newest = store.run(
            cursor, "SELECT endpoint FROM hr_push WHERE profile_id = ? ORDER BY created DESC", (profile_id,)
        ).fetchall()
        kept = [row[0] for row in newest]
        for endpoint in kept[MAX_SUBSCRIPTIONS:]:
            store.run(cursor, "DELETE FROM hr_push WHERE endpoint = ?", (endpoint,))
    return min(len(kept), MAX_SUBSCRIPTIONS)


def unsubscribe(store: Store, profile_id: str, endpoint: str) -> bool:
    """Forget the profile's subscription at `endpoint`; False if the profile has none there."""
    with store.transaction(write=True) as cursor:
        gone = store.run(cursor, "DELETE FROM hr_push WHERE endpoint = ? AND profile_id = ?", (endpoint, profile_id))
        return bool(gone.rowcount)


def subscriptions_of(store: Store, profile_id: str) -> list[Subscription]:
    """The profile's subscribed devices, the newest first."""
    with store.transaction() as cursor:
        rows = store.run(
            cursor,
            "SELECT endpoint, p256dh, auth FROM hr_push WHERE profile_id = ? ORDER BY created DESC",
            (profile_id,),
        ).fetchall()
    return [Subscription(*row) for row in rows]


def forget_endpoint(store: Store, endpoint: str) -> None:
    """Forget the subscription at `endpoint`, whoever's it is (its push service says it is gone)."""
    with store.transaction(write=True) as cursor:
        store.run(cursor, "DELETE FROM hr_push WHERE endpoint = ?", (endpoint,))


def claim_test(store: Store, profile_id: str) -> float | None:
    """Note a test notification to the profile now, unless one was sent in the last `TEST_EVERY`
    seconds (every process sees the same note, in `hr_notices`); None if noted, else the seconds to wait."""
    now = clock.now()
    with store.transaction(write=True) as cursor:
        claimed = store.run(
            cursor,
            "INSERT INTO hr_notices (table_id, version, seat, kind, at) VALUES (?, 0, 0, 'test', ?) ON CONFLICT "
            "(table_id, version, seat, kind)"
            " DO UPDATE SET at = excluded.at WHERE hr_notices.at <= ? RETURNING at",
            (f"profile:{profile_id}", now, now - TEST_EVERY),
        ).fetchone()
        if claimed is not None:
            return None
        last = store.run(
            cursor, "SELECT at FROM hr_notices WHERE table_id = ? AND kind = 'test'", (f"profile:{profile_id}",)
        ).fetchone()
    return max(1.0, float(last[0]) + TEST_EVERY - now)
