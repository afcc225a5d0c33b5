"""The chat of the tables one server process serves (`Chat`): who may send a message and how fast,
storing it, and telling it at once to the people reading the table here — over their WebSocket, or
by waking their long poll — and, through the store's notification, in every other process.

Who may chat: nobody on a server started with `--no-chat`; at a table whose creator chose "off",
nobody; "players" (the default), the seated people; "everyone", spectators too, under a name of their
own (marked as watching). A seat sends at most `BURST` messages at once, then one every
`1 / RATE` seconds, and so do an address's spectators at a table; an address (its seats and its
spectators together, as a household or an office shares one) as many as `addresses_per_network` seats:
beyond, a message is refused `too-fast` with the seconds to wait. What a reader does not see of others' messages is
decided by `highroller.web.chat.hidden.hidden_authors` alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import deque
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any

from highroller.web import clock
from highroller.web.chat.chat_text import checked_content
from highroller.web.chat.hidden import hidden_authors
from highroller.web.http.checks import TURN_BASED, checked_name
from highroller.web.http.errors import Refused
from highroller.web.http.quotas import address_of
from highroller.web.http.ratelimit import Buckets
from highroller.web.settings import Settings
from highroller.web.store.chat_queries import ChatMessage
from highroller.web.store.database import Store
from highroller.web.tables.live_table import Table
from highroller.web.tables.table_copy import Subscriber
from highroller.web.tables.turns import seat_name

RATE = 0.5
"""Messages a seat (or an address) may send a second, after its burst."""
BURST = 5
"""Messages a seat (or an address) may send at once."""
KEPT = 50
"""The last messages a reader gets when the page loads or reconnects."""
RULES = ("players", "everyone", "off")
"""Who may chat at a table, as its creator chooses."""
DEFAULT_RULE = "players"
TOLD = 200
"""Message numbers remembered per table as told here (a process hears its own messages back)."""
RULES_KEPT = 100_000
"""Tables whose rule a process remembers (all are forgotten past it, and read again)."""
RECORD_MOST = 10_000
"""Most messages a record holds."""


@dataclass(eq=False)
class Reader:
    """A connection reading a table's chat, and whose messages it does not see."""

    subscriber: Subscriber
    hidden: frozenset[str]
    floor: int = 0
    """The table's last message when the reader joined: it reads those itself, so a late notification
    of one (from another process) is not told it again."""


@dataclass
class _Room:
    """One table's chat as this process follows it."""

    readers: set[Reader] = field(default_factory=set)
    latest: int | None = None
    told: deque[int] = field(default_factory=lambda: deque(maxlen=TOLD))
    new: asyncio.Event = field(default_factory=asyncio.Event)


async def first_of(*waits: Awaitable[None] | None) -> None:
    """Wait until the first of the waits (None: none) is over; the others are cancelled."""
    tasks = [asyncio.ensure_future(wait) for wait in waits if wait is not None]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    for task in done:
        task.result()  # a wait that failed (the table is gone) says so


def reader_profile(table: Table, held: tuple[int, ...]) -> str | None:
    """The profile a holder of `held` seats reads as (a spectator: none)."""
    return table.seats[held[0]].profile if held else None


class Chat:
    """The chat of this process's tables."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.on = settings.chat
        self._seats = Buckets(RATE, BURST / RATE)
        self._addresses = Buckets(RATE * settings.addresses_per_network, BURST / RATE)
        self._rooms: dict[str, _Room] = {}
        self._rules: dict[str, str] = {}
        """Each table's rule as read (a table's creator sets it once, when making it)."""

    def _room(self, table_id: str) -> _Room:
        room = self._rooms.get(table_id)
        if room is None:
            room = self._rooms[table_id] = _Room()
        return room

    # ------------------------------------------------------------------ rules
    async def rule(self, table_id: str) -> str:
        """Who may chat at the table: "players", "everyone" or "off" ("off" on a server without chat)."""
        if not self.on:
            return "off"
        rule = self._rules.get(table_id)
        if rule is None:
            rule = await asyncio.to_thread(self.store.chat_rule, table_id) or DEFAULT_RULE
            if len(self._rules) >= RULES_KEPT:
                self._rules.clear()
            self._rules[table_id] = rule
        return rule

    async def set_rule(self, table_id: str, rule: str) -> None:
        """A new table's rule, as its creator chose."""
        await asyncio.to_thread(self.store.set_chat_rule, table_id, rule)
        self._rules[table_id] = rule

    async def check_may_chat(self, table: Table, held: tuple[int, ...]) -> None:
        """`Refused` unless a holder of `held` seats (none: a spectator) may chat at the table."""
        if not self.on:
            raise Refused("the chat is turned off on this server", 403, "chat-off")
        rule = await self.rule(table.id)
        if rule == "off":
            raise Refused("the chat is turned off at this table", 403, "chat-off")
        if not held and rule != "everyone":
            raise Refused("only the players may chat at this table", 403, "spectators-may-not-chat")

    def pace(self, table_id: str, held: tuple[int, ...], host: str | None, kind: str = "chat") -> None:
        """Count a message (or a report: `kind`) of this seat and address; `Refused` 429 when over their rate."""
        now = time.monotonic()
        address = address_of(host)
        seat = str(held[0]) if held else f"watching:{address}"  # a spectator's own share is its address's
        keys = [(self._addresses, f"{kind}:{address}"), (self._seats, f"{kind}:{table_id}:{seat}")]
        wait = max(buckets.take(key, now) for buckets, key in keys)
        if wait:
            raise Refused(
                "you send messages too fast: {burst} at once, then one every {every} seconds; try again in {wait} s",
                429,
                "too-fast",
                retry_after=max(1, math.ceil(wait)),
                burst=BURST,
                every=format(1 / RATE, ".0f"),
                wait=max(1, math.ceil(wait)),
            )

    # ------------------------------------------------------------------ sending
    async def post(
        self,
        table: Table,
        held: tuple[int, ...],
        host: str | None,
        text: str | None = None,
        phrase: str | None = None,
        name: str | None = None,
    ) -> ChatMessage:
        """Store a message of a holder of `held` seats (none: a spectator, who gives a `name`) and tell
        it; or `Refused`."""
        await self.check_may_chat(table, held)
        self.pace(table.id, held, host)
        phrase, text = checked_content(text, phrase)
        seat = table.acting_seat(held)  # at a hot-seat table, the person whose turn it is holds the device
        if seat is not None:
            row = table.seats[seat]
            author, profile = seat_name(row), row.profile
        elif name is None:
            raise Refused("give your name (name) to chat as a spectator", 422, "name-needed")
        else:
            author, profile = checked_name(name, table.names()), None
        owed = (
            sorted({r.profile for r in table.seats if r.profile and r.profile != profile and r.bot is None})
            if table.timer and table.timer >= TURN_BASED and not table.finished
            else []
        )
        message = await asyncio.to_thread(
            self.store.add_chat, table.id, clock.now(), seat, author, profile, phrase, text, owed
        )
        self.tell(table.id, message.shown(), profile, hidden=False)
        return message

    # ------------------------------------------------------------------ telling
    def tell(self, table_id: str, shown: dict[str, Any], profile: str | None, hidden: bool) -> None:
        """Tell this process's readers of a table a new message (`shown`, by `profile`), or that the
        host hid one; a message already told here is not told again."""
        room = self._rooms.get(table_id)
        if room is None:
            return
        n = int(shown["id"])
        if hidden:
            said: dict[str, Any] = {"type": "chat", "messages": [], "hidden": [n]}
            for reader in room.readers:
                reader.subscriber.say(said)
            return
        if n in room.told:
            return
        room.told.append(n)
        room.latest = max(room.latest or 0, n)
        said = {"type": "chat", "messages": [shown]}
        for reader in room.readers:
            if n > reader.floor and (profile is None or profile not in reader.hidden):
                reader.subscriber.say(said)
        room.new.set()
        room.new = asyncio.Event()

    def heard(self, table_id: str, chat: dict[str, Any]) -> None:
        """Another process (or the host's command) told of a message."""
        profile, hidden = chat.pop("profile", None), bool(chat.pop("hidden", False))
        self.tell(table_id, chat, profile, hidden)

    # ------------------------------------------------------------------ reading
    async def messages(self, table_id: str, after: int, profile: str | None) -> list[dict[str, Any]]:
        """The last `KEPT` messages after number `after` a reader with `profile` sees."""
        found = await asyncio.to_thread(self.store.chat_messages, table_id, after, KEPT)
        hidden = await asyncio.to_thread(hidden_authors, self.store, profile)
        return [m.shown() for m in found if m.profile is None or m.profile not in hidden]

    async def join(self, table: Table, subscriber: Subscriber) -> Reader:
        """Let a connection hear every new message of the table's chat from now on (it reads the last
        ones with `messages`: a message told meanwhile comes twice, with the same number)."""
        profile = reader_profile(table, subscriber.held)
        hidden = await asyncio.to_thread(hidden_authors, self.store, profile)
        reader = Reader(subscriber, hidden, await asyncio.to_thread(self.store.latest_chat, table.id))
        self._room(table.id).readers.add(reader)
        return reader

    def leave(self, table_id: str, reader: Reader) -> None:
        room = self._rooms.get(table_id)
        if room is not None:
            room.readers.discard(reader)
            if not room.readers:
                del self._rooms[table_id]

    async def wait(self, table_id: str, after: int, timeout: float) -> None:
        """Return once the table has a message numbered past `after`, or after `timeout` seconds."""
        room = self._room(table_id)
        if room.latest is None:
            room.latest = await asyncio.to_thread(self.store.latest_chat, table_id)
        if room.latest > after:
            return
        room.readers.add(waiting := Reader(Subscriber(()), frozenset()))  # keeps the room while it waits
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(room.new.wait(), timeout)
        finally:
            self.leave(table_id, waiting)

    # ------------------------------------------------------------------ the record
    async def record_switch(self, table_id: str, held: tuple[int, ...]) -> bool | None:
        """Whether the seat said yes to the chat in the record (None: a spectator)."""
        if not held:
            return None
        return bool((await asyncio.to_thread(self.store.chat_record_switches, table_id)).get(held[0]))

    async def for_record(self, table: Table) -> list[dict[str, Any]] | None:
        """The chat as the record holds it — the seated people's messages, if every seated person said
        yes to it — or None."""
        switches = await asyncio.to_thread(self.store.chat_record_switches, table.id)
        people = [row.seat for row in table.seats if row.bot is None]
        if not people or not all(switches.get(seat) for seat in people):
            return None
        found = await asyncio.to_thread(self.store.chat_messages, table.id, 0, RECORD_MOST)
        return [
            {"n": m.n, "at": m.at, "seat": m.seat, "author": m.author, "phrase": m.phrase, "text": m.text}
            for m in found
            if m.seat is not None
        ]
