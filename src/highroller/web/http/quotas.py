"""Quotas per client address, per network and in all: how many tables may be created, joined, kept
open and played with bots.

Counts come from the database, so they hold across every server process. Addresses are stored only
as a keyed hash (HMAC-SHA-256 with a secret of the database), never as they are; an IPv6 client is
counted by its /64 network, which one household or phone holds. A network (an IPv4 /24, an IPv6 /48)
has the quotas of `addresses_per_network` addresses together, so holding many addresses of one
network does not multiply them. Behind a reverse proxy the address is the one the proxy forwards
(`highroller serve --forwarded-allow-ips`).

The server's own machine (`LOCAL`: a request from a loopback address that no proxy forwarded) is one
person, the host, at a server of their own: it is held to none of the quotas of an address or a
network, only to the server's caps in all (`max_tables`, `max_bot_tables`). Any request that carries
a forwarded address, whatever it says, is somebody else's and counted as it is.

Bots are the scarce resource: `max_bot_tables` counts the tables with a bot seat that are being
played, so a table nobody started holds no place; the seat that would start one more past the cap is
refused until a game with bots ends.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
from collections.abc import Mapping
from typing import Any

from highroller.web import clock
from highroller.web.http.errors import Phrase, Refused
from highroller.web.settings import MINUTE, Settings
from highroller.web.store.database import Store
from highroller.web.store.rows import Origin, Usage

IPV4_NETWORK = 24
IPV6_ADDRESS = 64
IPV6_NETWORK = 48
LOCAL = Origin(address="local", network="local")
"""How a request from the server's own machine is stored: never a hash, so no other address counts as it."""
FORWARDED = ("x-forwarded-for", "forwarded", "x-real-ip")
"""Headers a proxy puts a client's address in: a request with any of them came through one."""


def _parsed(host: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    if not host:
        return None
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def address_of(host: str | None) -> str:
    """The unit quotas count by: an IPv4 address, an IPv6 /64 network, or the text given."""
    address = _parsed(host)
    if address is None:
        return host or "unknown"
    if isinstance(address, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((address, IPV6_ADDRESS), strict=False))
    return str(address)


def is_local(host: str | None, headers: Mapping[str, str]) -> bool:
    """Whether a request comes from the server's own machine: its socket's peer is a loopback address
    (`host`, which no trusted proxy's forwarded address replaced) and it carries no forwarded address."""
    address = _parsed(host)
    return address is not None and address.is_loopback and not any(name in headers for name in FORWARDED)


def network_of(host: str | None) -> str:
    """The network an address belongs to for quotas: an IPv4 /24 or an IPv6 /48 (else the text given)."""
    address = _parsed(host)
    if address is None:
        return host or "unknown"
    prefix = IPV6_NETWORK if isinstance(address, ipaddress.IPv6Address) else IPV4_NETWORK
    return str(ipaddress.ip_network((address, prefix), strict=False))


class Quotas:
    """Checks a request against the host's settings; raises `Refused` (429) with the reason."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self._store = store
        self._settings = settings

    def _hash(self, text: str) -> str:
        return hmac.new(self._store.address_key, text.encode(), hashlib.sha256).hexdigest()[:32]

    def origin(self, host: str | None, local: bool = False) -> Origin:
        """The stored form of a client's address and network (`local`: the server's own machine, `LOCAL`)."""
        if local:
            return LOCAL
        return Origin(address=self._hash(address_of(host)), network=self._hash("net:" + network_of(host)))

    def _over(self, used: int, limit: int, by_network: int) -> dict[str, Any] | None:
        """{who, count, cap} if the address is at its `limit` or its network at the network's, else
        None (also when there is no limit)."""
        if not limit:
            return None
        if used >= limit:
            return {"who": Phrase("your address"), "count": used, "cap": limit}
        share = self._settings.addresses_per_network
        if share and by_network >= limit * share:
            return {"who": Phrase("your network"), "count": by_network, "cap": limit * share}
        return None

    async def check_create(self, creator: Origin, with_bots: bool) -> None:
        """May this address create a table now (`with_bots`: one with a bot seat)? The server's own
        machine only meets the server's caps."""
        s = self._settings
        counted = creator != LOCAL
        usage: Usage = await asyncio.to_thread(self._store.usage, creator, clock.now() - MINUTE)
        over = counted and self._over(usage.created_by_address, s.creates_per_minute, usage.created_by_network)
        if over:
            raise too_many(
                "{who} created {count} tables in the last minute (at most {cap}); try again in a minute",
                "rate-limited",
                60,
                **over,
            )
        over = counted and self._over(usage.open_by_address, s.tables_per_address, usage.open_by_network)
        if over:
            raise too_many(
                "{who} has {count} unfinished tables (at most {cap}): finish or leave one first",
                "too-many-tables",
                **over,
            )
        if s.max_tables and usage.open_tables >= s.max_tables:
            raise too_many(
                "this server is full ({count} unfinished tables); try again later",
                "server-full",
                60,
                count=usage.open_tables,
            )
        if not with_bots:
            return
        over = counted and self._over(
            usage.bot_tables_by_address, s.bot_tables_per_address, usage.bot_tables_by_network
        )
        if over:
            raise too_many(
                "{who} has {count} unfinished tables with bots (at most {cap}): finish or leave one first",
                "too-many-bot-tables",
                **over,
            )
        self._check_bot_capacity(usage)

    def _check_bot_capacity(self, usage: Usage) -> None:
        limit = self._settings.max_bot_tables
        if limit and usage.playing_bot_tables >= limit:
            raise too_many(
                "this server's bots are all busy ({count} games with bots, at most {cap}); try again in a minute, or "
                "play without bots",
                "bots-full",
                60,
                count=usage.playing_bot_tables,
                cap=limit,
            )

    async def check_join(self, joiner: Origin, starts_bot_table: bool = False) -> None:
        """May this address take a seat now (`starts_bot_table`: the seat that starts a table with bots)?
        The server's own machine only meets the server's caps."""
        limit = self._settings.joins_per_minute
        if limit and joiner != LOCAL:
            by_address, by_network = await asyncio.to_thread(self._store.joins_since, joiner, clock.now() - MINUTE)
            over = self._over(by_address, limit, by_network)
            if over:
                raise too_many(
                    "{who} took {count} seats in the last minute (at most {cap}); try again in a minute",
                    "rate-limited",
                    60,
                    **over,
                )
        if starts_bot_table and self._settings.max_bot_tables:
            self._check_bot_capacity(await asyncio.to_thread(self._store.usage, joiner, clock.now() - MINUTE))


def too_many(message: str, code: str, retry_after: int | None = None, **values: Any) -> Refused:
    """A 429 refusal (`message` with its `values`, as `Refused`), with the seconds to wait when waiting helps."""
    return Refused(message, 429, code, retry_after=retry_after, **values)
