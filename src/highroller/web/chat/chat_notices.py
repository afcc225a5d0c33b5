"""Chat messages told on the phones of people away from their turn-based tables, batched: the first
message a person has not seen starts a wait of `BATCH` seconds, then one notification says how many
came and shows the last one ("3 new messages at table …"). A person with a page open on the table
(any process's connection holds their seat) is not told, nor a profile that turned the chat's
notifications off (`PUT /api/me/chat-notifications`). Whichever server process settles the batch
first (`ChatQueries.take_chat_owed`) sends it; the others find it gone.
"""

from __future__ import annotations

import asyncio
import logging

from highroller.web import clock
from highroller.web.chat.phrases import PHRASES
from highroller.web.http.catalog import web_words
from highroller.web.people.profiles import profile_by_id
from highroller.web.people.push_sending import Notice, Pusher
from highroller.web.settings import Settings
from highroller.web.store.database import Store
from highroller.web.tables.presence import Presence

log = logging.getLogger(__name__)

BATCH = 60.0
"""Seconds from a person's first unseen message to the notification of it and of those that followed."""
EVERY = 5.0
"""Seconds between two looks for batches due."""
TTL = 6 * 3600
"""Seconds a push service keeps a chat notification for a device that is offline."""


def chat_notice(
    table_id: str, count: int, author: str, phrase: str | None, text: str | None, lang: str, origin: str
) -> Notice:
    """The notification of `count` new messages at a table, the last by `author`, in `lang`."""
    w = web_words(lang)
    said = w(PHRASES[phrase]) if phrase in PHRASES else text or ""
    return Notice(
        w.plural(count, "{n} new message at table {table}", "{n} new messages at table {table}", table=table_id),
        f"{author}: {said}",
        f"{origin}/table/{table_id}",
        f"chat-{table_id}",
        TTL,
    )


class ChatNotices:
    """The chat notifications one server process sends."""

    def __init__(self, store: Store, settings: Settings, presence: Presence, pusher: Pusher) -> None:
        self.store = store
        self.presence = presence
        self.pusher = pusher
        self._origin = (settings.public_origin or "").rstrip("/")

    async def once(self) -> int:
        """Settle the batches due: how many notifications push services took."""
        sent = 0
        for table_id, profile_id, count, last_n in await asyncio.to_thread(self.store.chat_owed, clock.now() - BATCH):
            seats = await asyncio.to_thread(self.store.profile_seats, table_id, profile_id)
            statuses = [await self.presence.seat_status(table_id, seat) for seat in seats]
            if not await asyncio.to_thread(self.store.take_chat_owed, table_id, profile_id, last_n):
                continue  # another process settled it
            if any(status != "offline" for status in statuses) or await asyncio.to_thread(
                self.store.chat_quiet, profile_id
            ):
                continue
            message = await asyncio.to_thread(self.store.chat_message, table_id, last_n)
            profile = await asyncio.to_thread(profile_by_id, self.store, profile_id)
            if message is None or message.hidden or profile is None:
                continue
            notice = chat_notice(
                table_id, count, message.author, message.phrase, message.text, profile.language, self._origin
            )
            sent += await self.pusher.send(profile_id, notice)
        return sent


async def keep_telling_chat(store: Store, settings: Settings, presence: Presence) -> None:
    """The server process's chat notifications, until cancelled."""
    pusher = await asyncio.to_thread(Pusher, store, settings)
    notices = ChatNotices(store, settings, presence, pusher)
    while True:
        try:
            await notices.once()
        except Exception:
            log.exception("telling of chat messages failed")
        await asyncio.sleep(EVERY)
