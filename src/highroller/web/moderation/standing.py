"""What this server process knows of the host's bans and read-only mode (`Standing`), read again from
the database whenever the admin log's last number moves (checked every `REFRESH_EVERY` seconds: one
cheap query), and the tables the new log rows name caught up (a table the host closed through another
process, which SQLite announces to nobody). A profile ban refuses the profile's devices while it lasts:
their keys are kept (read again on every check while a profile ban is in force, so a device signed in
meanwhile is refused too), and lifting the ban lets them back as they were."""

from __future__ import annotations

import asyncio
import datetime
import logging
from typing import Any

from highroller.web import clock
from highroller.web.http.errors import Phrase, Refused
from highroller.web.moderation.targets import ADDRESS, NETWORK, PROFILE
from highroller.web.people.profiles import key_hash
from highroller.web.store.admin_queries import Ban
from highroller.web.store.changes import GONE, Change
from highroller.web.store.database import Store
from highroller.web.store.rows import Origin
from highroller.web.tables.held_tables import Tables

log = logging.getLogger(__name__)

MAINTENANCE_RETRY = 300
"""The seconds a refusal in read-only mode says to wait before trying again."""

REFRESH_EVERY = 1.0
"""Seconds between two checks of the admin log's last number."""


def until_words(ban: Ban) -> Phrase:
    """How long a ban lasts, in words to translate: until a UTC time, or for good."""
    if ban.until is None:
        return Phrase("for good")
    when = datetime.datetime.fromtimestamp(ban.until, datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return Phrase("until {when}", when=when)


def banned_refusal(ban: Ban) -> Refused:
    """The refusal of a banned asker (403, `banned`), saying until when."""
    return Refused("this server turns you away {until}", 403, "banned", until=until_words(ban))


class Standing:
    """The bans in force and read-only mode, as this process last read them."""

    def __init__(self, store: Store, tables: Tables | None = None) -> None:
        self._store = store
        self._tables = tables
        self._seen = -1
        self._bans: dict[tuple[str, str], Ban] = {}
        self._keys: dict[str, Ban] = {}
        self.maintenance: dict[str, Any] | None = None

    def refresh(self) -> list[Change]:
        """(In a thread.) Read the bans and read-only mode again if the admin log moved; the changes of
        the tables its new rows name (`GONE`: deleted)."""
        generation = self._store.admin_generation()
        changed: list[Change] = []
        if generation != self._seen:
            if self._seen >= 0:
                named = [e.table_id for e in self._store.admin_log(1000, self._seen) if e.table_id]
                revisions = self._store.revisions(named)
                changed = [Change(table_id, revisions.get(table_id, GONE)) for table_id in named]
            bans = self._store.bans(clock.now())
            self._bans = {(ban.kind, ban.target): ban for ban in bans}
            self.maintenance = self._store.maintenance()
            self._seen = generation
        profiles = {ban.target: ban for ban in self._bans.values() if ban.kind == PROFILE}
        self._keys = {key: profiles[owner] for key, owner in self._store.profile_keys(list(profiles)).items()}
        return changed

    async def catch_up(self) -> None:
        """`refresh` (in a thread), telling the tables the log named that they changed."""
        for change in await asyncio.to_thread(self.refresh):
            if self._tables is not None:
                self._tables.changed(change)

    async def keep_current(self) -> None:
        """`catch_up` every `REFRESH_EVERY` seconds."""
        while True:
            try:
                await self.catch_up()
            except Exception:
                log.exception("reading the host's bans and read-only mode failed")
            await asyncio.sleep(REFRESH_EVERY)

    def ban_of(self, origin: Origin, local: bool, profile_key: str | None) -> Ban | None:
        """The ban in force on a request from `origin` (never by address on the server's own machine,
        `local`) with this profile key, if any."""
        now = clock.now()
        found = [self._keys.get(key_hash(profile_key))] if profile_key and self._keys else []
        if not local:
            found += [self._bans.get((ADDRESS, origin.address)), self._bans.get((NETWORK, origin.network))]
        return next((ban for ban in found if ban is not None and ban.active(now)), None)

    def check_open(self) -> None:
        """Refuse (503, `maintenance`) to make a table while read-only mode is on."""
        if self.maintenance is None:
            return
        message = str(self.maintenance.get("message") or "")
        if message:
            raise Refused(
                "the server is in maintenance: games in progress play on to their end, but no new table can be "
                "made now ({words})",
                503,
                "maintenance",
                retry_after=MAINTENANCE_RETRY,
                words=message,
            )
        raise Refused(
            "the server is in maintenance: games in progress play on to their end, but no new table can be made now",
            503,
            "maintenance",
            retry_after=MAINTENANCE_RETRY,
        )
