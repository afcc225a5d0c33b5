"""Request rates: token buckets per client address, per network and per seat token, in each server
process, for every HTTP request (pages, files and the API) and every WebSocket message.

A client may send `requests_per_second` a second after a burst of `BURST_SECONDS` seconds' worth; its
network (IPv4 /24, IPv6 /48) `addresses_per_network` times as much; a seat token
`token_requests_per_second`. A request over a rate is answered 429 `too-fast` with `Retry-After`
before anything else reads it. The buckets live in memory: with several server processes behind a
load balancer each counts its own share. At most `KEPT` buckets of each kind are kept (the least
recently used go first), so a flood of addresses cannot exhaust memory.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections import OrderedDict
from typing import Any

from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from highroller.web.http.errors import Phrase, Refused, asked_language
from highroller.web.http.quotas import address_of, network_of
from highroller.web.metrics import registry as metrics
from highroller.web.settings import BURST_SECONDS, Settings

KEPT = 100_000
"""Buckets kept per kind (address, network, token)."""


class TokenBucket:
    """`rate` a second after a burst of `burst`: `take(now, cost)` is 0 while allowed (and spends
    `cost`), else the seconds to wait."""

    def __init__(self, rate: float, burst: float) -> None:
        self._rate, self._burst = rate, burst
        self._tokens, self._at = burst, time.monotonic()

    def take(self, now: float, cost: float = 1.0) -> float:
        self._tokens = min(self._burst, self._tokens + (now - self._at) * self._rate)
        self._at = now
        if self._tokens < cost:
            return (cost - self._tokens) / self._rate
        self._tokens -= cost
        return 0.0


class Buckets:
    """A token bucket per key (no limit with a rate of 0), the `KEPT` most recently used kept."""

    def __init__(self, rate: float, burst_seconds: float = BURST_SECONDS) -> None:
        self._rate = rate
        self._burst = max(1.0, rate * burst_seconds)
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, key: str, now: float, cost: float = 1.0) -> float:
        """Spend `cost` requests of `key`'s; 0 if allowed, else the seconds until they are."""
        if not self._rate:
            return 0.0
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self._rate, self._burst)
            if len(self._buckets) > KEPT:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.take(now, cost)


class TooFast(Refused):
    """A request over its rate (429 `too-fast`), with the whole seconds to wait."""

    def __init__(self, message: str, retry_after: int, **values: Any) -> None:
        super().__init__(message, 429, "too-fast", retry_after=retry_after, **values)


class RateLimits:
    """The request rates of one server process."""

    def __init__(self, settings: Settings) -> None:
        per_network = settings.requests_per_second * settings.addresses_per_network
        self._addresses = Buckets(settings.requests_per_second)
        self._networks = Buckets(per_network)
        self._tokens = Buckets(settings.token_requests_per_second)

    def spend(self, host: str | None, token: str | None, cost: float = 1.0) -> None:
        """Count a request of this client (and seat token, if any) that costs `cost` requests' worth;
        `TooFast` when over a rate."""
        now = time.monotonic()
        waits = [
            (Phrase("your address"), self._addresses.take(address_of(host), now, cost)),
            (Phrase("your network"), self._networks.take(network_of(host), now, cost)),
        ]
        if token:
            waits.append(
                (Phrase("your seat token"), self._tokens.take(hashlib.sha256(token.encode()).hexdigest(), now, cost))
            )
        who, wait = max(waits, key=lambda item: item[1])
        if wait:
            raise TooFast(
                "{who} sends requests too fast; slow down and try again in a moment", max(1, math.ceil(wait)), who=who
            )


def bearer_token(value: str | None) -> str | None:
    """The token of an `Authorization: Bearer …` header value, if it holds one."""
    if value is None:
        return None
    scheme, _, token = value.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


class RateLimit:
    """ASGI middleware: answer an HTTP request over its client's rate 429 `too-fast`, unread (inside
    the proxy-headers middleware, so the client is the one a trusted proxy names, and inside the
    security headers, which the answer then carries)."""

    def __init__(self, app: ASGIApp, limits: RateLimits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        authorization = dict(scope.get("headers", [])).get(b"authorization")
        try:
            self.limits.spend(
                client[0] if client else None, bearer_token(authorization.decode("latin-1") if authorization else None)
            )
        except TooFast as refused:
            metrics.refused(refused.code)
            body = json.dumps(refused.answer(asked_language(HTTPConnection(scope)))).encode()
            headers = [(b"content-type", b"application/json"), (b"retry-after", str(refused.retry_after).encode())]
            await send({"type": "http.response.start", "status": 429, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send)
