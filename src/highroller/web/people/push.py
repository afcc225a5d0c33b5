"""Web Push: the server's VAPID key, each device's subscription, and sending a notification to a
profile's devices.

The VAPID key that signs every push is the PEM file `settings.vapid_private_key` names, else one made
on the first start and kept in `hr_meta` (several processes starting at once keep the same one).
Browsers subscribe with its public key, the uncompressed P-256 point in base64url.

A subscription comes from a request, so it is checked as hostile: its endpoint is an `https://` URL
of a push service `settings.push_hosts` names (the exact host, or any sub-domain of a `*.` entry, on
the default port, with no user name or password), or exactly a listed `http://host:port` entry (the
tests' stand-in); its keys are a P-256 point on the curve and a 16-byte secret. The host is checked as
the push service and the sending HTTP client read it: percent-escapes decoded and IDNA applied, the
host read must be the one written, a plain host name (no IP address, no trailing dot), and the HTTP
client must read the same host and port. The server sends nothing anywhere else, and follows no
redirect. A profile keeps at most `MAX_SUBSCRIPTIONS` (the oldest goes). An endpoint another profile
holds moves to the profile that subscribes it only with the same keys: the device itself subscribing
again (its `auth` secret proves it); anyone else is refused, and the other profile keeps it.

Pushes are sent with `pywebpush` in a pool of threads of their own, each with a timeout, so a slow
push service holds neither the event loop nor the threads the database calls use. A push names its
event in a `Topic` header (a push service keeps only the newest push of one topic waiting for a
device), and `push` says what became of it (`Outcome`): taken (2xx), worth trying again (a timeout, no
connection, 429, 5xx, with the service's `Retry-After`), or not. A push service answering 404 or 410
says the subscription is gone: it is deleted.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import logging
import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush
from urllib3.util import parse_url

from highroller.web import clock
from highroller.web.http.errors import Refused
from highroller.web.settings import Settings
from highroller.web.store.database import Store

log = logging.getLogger(__name__)

MAX_ENDPOINT = 1000
"""The longest endpoint URL a subscription may have (characters)."""
MAX_SUBSCRIPTIONS = 10
"""Devices one profile may have subscribed; a newer subscription pushes out the oldest."""
POINT_BYTES = 65
"""An uncompressed P-256 point: 0x04, then x and y of 32 bytes each."""
AUTH_BYTES = 16
"""The auth secret of a subscription."""
SEND_TIMEOUT = (5.0, 10.0)
"""Seconds to connect to a push service and to wait for its answer."""
SENDERS = 8
"""Pushes sent at once by one server process."""
TEST_EVERY = 60.0
"""Seconds between two test notifications a profile may ask for."""
PLACEHOLDER_SUBJECT = "mailto:push@localhost"
"""The VAPID subject when the host gave neither a subject nor an https public origin."""
MAX_RETRY_AFTER = 86_400.0
"""The longest `Retry-After` a push service's answer is read as (seconds)."""

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


@dataclass(frozen=True)
class Notice:
    """A notification: what the device shows (`title`, `body`), the page a tap opens (`url`), the
    `tag` a newer notification with the same tag replaces it by, the seconds a push service keeps it
    for a device that is offline (`ttl`), and the `event` it tells of (None: a one-off), at most 32
    characters of base64url: sent as the push's `Topic`, and to the service worker, which shows a
    repeat of an event without alerting again."""

    title: str
    body: str
    url: str
    tag: str
    ttl: int
    event: str | None = None

    def payload(self) -> bytes:
        """What is encrypted for the device: `{title, body, url, tag}` and the `event` if any, nothing else."""
        shown = {"title": self.title, "body": self.body, "url": self.url, "tag": self.tag}
        return json.dumps(shown if self.event is None else {**shown, "event": self.event}, ensure_ascii=False).encode()


@dataclass(frozen=True)
class Outcome:
    """What became of one push: `delivered` (the push service took it, 2xx), else why not (`reason`),
    whether trying again may succeed (`retry`) and after how many seconds at least, if the push
    service said so (`retry_after`)."""

    delivered: bool
    reason: str = ""
    retry: bool = False
    retry_after: float | None = None


# ---------------------------------------------------------------------- the VAPID key
def _new_key_pem() -> str:
    key = ec.generate_private_key(ec.SECP256R1())
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    ).decode()


def _loaded_key(pem: bytes, where: str) -> ec.EllipticCurvePrivateKey:
    key = serialization.load_pem_private_key(pem, password=None)
    if not isinstance(key, ec.EllipticCurvePrivateKey) or not isinstance(key.curve, ec.SECP256R1):
        raise TypeError(f"the VAPID key in {where} is not a P-256 (prime256v1) private key")
    return key


def stored_key_pem(store: Store) -> str:
    """The VAPID key kept in the database (PEM), made now if there is none; processes starting at once
    all read back the one that was stored first."""
    with store.transaction() as cursor:
        kept = store.run(cursor, "SELECT value FROM hr_meta WHERE key = 'vapid_private_key'").fetchone()
    if kept is not None:
        return str(kept[0])
    with store.transaction(write=True) as cursor:
        store.run(
            cursor,
            "INSERT INTO hr_meta (key, value) VALUES ('vapid_private_key', ?) ON CONFLICT (key) DO NOTHING",
            (_new_key_pem(),),
        )
        return str(store.run(cursor, "SELECT value FROM hr_meta WHERE key = 'vapid_private_key'").fetchone()[0])


def vapid_key(store: Store, settings: Settings) -> ec.EllipticCurvePrivateKey:
    """The key that signs pushes: the host's PEM file if it named one, else the database's."""
    if settings.vapid_private_key:
        return _loaded_key(Path(settings.vapid_private_key).read_bytes(), settings.vapid_private_key)
    return _loaded_key(stored_key_pem(store).encode(), "the database")


def public_key_text(key: ec.EllipticCurvePrivateKey) -> str:
    """The public half as browsers take it (`applicationServerKey`): the uncompressed point, base64url."""
    point = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(point).rstrip(b"=").decode()


def vapid_subject(settings: Settings) -> str:
    """How push services may reach the host: its subject, else its public origin if that is https, else a
    placeholder."""
    if settings.vapid_subject:
        return settings.vapid_subject
    if settings.public_origin and settings.public_origin.startswith("https://"):
        return settings.public_origin.rstrip("/")
    return PLACEHOLDER_SUBJECT


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


def _forget_endpoint(store: Store, endpoint: str) -> None:
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


# ---------------------------------------------------------------------- sending
class Pusher:
    """Sends notifications to a profile's devices, signed with the host's VAPID key."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        key = vapid_key(store, settings)
        self.public_key = public_key_text(key)
        """The key browsers subscribe with (`applicationServerKey`)."""
        self._vapid = Vapid02(
            key, conf={"no-strict": True}
        )  # the subject is the host's to choose (an https origin may name a port)
        self._subject = vapid_subject(settings)
        self._pool = ThreadPoolExecutor(max_workers=SENDERS, thread_name_prefix="push")
        self._sessions = threading.local()

    def _session(self) -> requests.Session:
        session: requests.Session | None = getattr(self._sessions, "session", None)
        if session is None:
            session = requests.Session()
            session.max_redirects = 0  # a redirect is a failure: nothing is ever sent to a host that was not checked
            self._sessions.session = session
        return session

    def _deliver(self, subscription: Subscription, notice: Notice) -> Outcome:
        """Post the notice to one device (in a sender thread); what became of it."""
        try:
            webpush(
                subscription.info(),
                notice.payload().decode(),
                vapid_private_key=self._vapid,
                vapid_claims={"sub": self._subject},
                timeout=SEND_TIMEOUT,
                ttl=notice.ttl,
                requests_session=self._session(),
                headers={} if notice.event is None else {"Topic": notice.event},
            )
        except WebPushException as error:
            return self._refused(subscription, error)
        except requests.Timeout:
            return Outcome(False, "timeout", retry=True)
        except requests.TooManyRedirects:
            return Outcome(False, "redirected")
        except requests.RequestException as error:
            log.warning("a push service did not answer (%s)", type(error).__name__)
            return Outcome(False, f"no answer ({type(error).__name__})", retry=True)
        except Exception:
            log.exception("a push could not be sent")
            return Outcome(False, "not sent")
        return Outcome(True)

    def _refused(self, subscription: Subscription, error: WebPushException) -> Outcome:
        status = error.status_code
        if status is None:
            log.warning("a push could not be sent: %s", error.message)
            return Outcome(False, "not sent")
        if 200 <= status < 300:
            return Outcome(True)
        if status in (404, 410):
            log.info("a push subscription is gone (%s): forgetting it", status)
            _forget_endpoint(self.store, subscription.endpoint)
            return Outcome(False, f"gone (HTTP {status})")
        log.warning("a push was refused (%s)", status)
        return Outcome(
            False,
            f"HTTP {status}",
            retry=status == 429 or status >= 500,
            retry_after=retry_after_seconds(error.retry_after),
        )

    async def push(self, subscription: Subscription, notice: Notice) -> Outcome:
        """Send the notice to one device; what became of it."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, self._deliver, subscription, notice)

    async def send(self, profile_id: str, notice: Notice) -> int:
        """Send the notice to every device of the profile, once each; how many push services took it."""
        subscriptions = await asyncio.to_thread(subscriptions_of, self.store, profile_id)
        outcomes = await asyncio.gather(*(self.push(subscription, notice) for subscription in subscriptions))
        return sum(outcome.delivered for outcome in outcomes)


def retry_after_seconds(value: str | None) -> float | None:
    """A `Retry-After` header in seconds from now (delay-seconds or an HTTP date; at most
    `MAX_RETRY_AFTER`); None if there is none, or it means nothing."""
    text = (value or "").strip()
    if text.isascii() and text.isdigit():
        return min(float(text), MAX_RETRY_AFTER)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:  # "-0000": UTC, with no zone said
        when = when.replace(tzinfo=UTC)
    return min(max(0.0, when.timestamp() - time.time()), MAX_RETRY_AFTER)
