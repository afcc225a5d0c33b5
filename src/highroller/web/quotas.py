"""Quotas per client address and in all: how many tables may be created, joined and kept open.

Counts come from the database, so they hold across every server process. Addresses are stored only
as a keyed hash (HMAC-SHA-256 with a secret of the database), never as they are; an IPv6 client is
counted by its /64 network, which one household or phone holds. Behind a reverse proxy the address
is the one the proxy forwards (`highroller serve --forwarded-allow-ips`).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import time

from highroller.web.errors import Refused
from highroller.web.settings import MINUTE, Settings
from highroller.web.store import Store


def address_of(host: str | None) -> str:
    """The unit quotas count by: an IPv4 address, an IPv6 /64 network, or the text given."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class Quotas:
    """Checks a request against the host's settings; raises `Refused` (429) with the reason."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self._store = store
        self._settings = settings

    def key(self, host: str | None) -> str:
        """The stored form of a client address."""
        return hmac.new(self._store.address_key, address_of(host).encode(), hashlib.sha256).hexdigest()[:32]

    async def check_create(self, creator: str, with_bots: bool) -> None:
        """May this address create a table now (`with_bots`: one with a bot seat)?"""
        s = self._settings
        usage = await asyncio.to_thread(self._store.usage, creator, time.time() - MINUTE)
        if s.creates_per_minute and usage.created_by_address >= s.creates_per_minute:
            raise too_many(f"your address created {usage.created_by_address} tables in the last minute (at most {s.creates_per_minute}); try again in a minute", "rate-limited", 60)
        if s.tables_per_address and usage.open_by_address >= s.tables_per_address:
            raise too_many(f"your address has {usage.open_by_address} unfinished tables (at most {s.tables_per_address}): finish or leave one first", "too-many-tables")
        if s.max_tables and usage.open_tables >= s.max_tables:
            raise too_many(f"this server is full ({usage.open_tables} unfinished tables); try again later", "server-full", 60)
        if with_bots and s.max_bot_tables and usage.open_bot_tables >= s.max_bot_tables:
            raise too_many(
                f"this server already runs {usage.open_bot_tables} tables with bots (at most {s.max_bot_tables}); try again later, or play without bots",
                "bots-full", 60,
            )

    async def check_join(self, joiner: str) -> None:
        """May this address take a seat now?"""
        limit = self._settings.joins_per_minute
        if limit and await asyncio.to_thread(self._store.joins_since, joiner, time.time() - MINUTE) >= limit:
            raise too_many(f"your address took {limit} seats in the last minute (at most {limit}); try again in a minute", "rate-limited", 60)


def too_many(message: str, code: str, retry_after: int | None = None) -> Refused:
    """A 429 refusal, with the seconds to wait when waiting helps."""
    return Refused(message, 429, code, retry_after=retry_after)
