"""Web Push sending: the server's VAPID key, and a notification sent to a profile's devices
(`highroller.web.people.push_subscriptions` keeps them).

The VAPID key that signs every push is the PEM file `settings.vapid_private_key` names, else one made
on the first start and kept in `hr_meta` (several processes starting at once keep the same one).
Browsers subscribe with its public key, the uncompressed P-256 point in base64url.

Pushes are sent with `pywebpush` in a pool of threads of their own, each with a timeout, so a slow
push service holds neither the event loop nor the threads the database calls use; nothing is sent to an
endpoint that was not checked, and no redirect is followed. A push names its
event in a `Topic` header (a push service keeps only the newest push of one topic waiting for a
device), and `push` says what became of it (`Outcome`): taken (2xx), worth trying again (a timeout, no
connection, 429, 5xx, with the service's `Retry-After`), or not. A push service answering 404 or 410
says the subscription is gone: it is deleted.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC
from email.utils import parsedate_to_datetime
from pathlib import Path

import requests
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush

from highroller.web.people.push_subscriptions import Subscription, forget_endpoint, subscriptions_of
from highroller.web.settings import Settings
from highroller.web.store.database import Store

log = logging.getLogger(__name__)

SEND_TIMEOUT = (5.0, 10.0)
"""Seconds to connect to a push service and to wait for its answer."""
SENDERS = 8
"""Pushes sent at once by one server process."""
PLACEHOLDER_SUBJECT = "mailto:push@localhost"
"""The VAPID subject when the host gave neither a subject nor an https public origin."""
MAX_RETRY_AFTER = 86_400.0
"""The longest `Retry-After` a push service's answer is read as (seconds)."""


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
            forget_endpoint(self.store, subscription.endpoint)
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
