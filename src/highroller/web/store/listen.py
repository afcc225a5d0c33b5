"""Hearing of changes other processes made: PostgreSQL `LISTEN highroller`.

Every change a process commits sends `NOTIFY highroller` in the same transaction, with the table,
its new revision, when its next automatic move is due and, for new steps, the steps themselves (see
`highroller.web.store.changes.Change`), so each listening process learns of it once it is committed, with no
service besides the database, and usually follows it without reading the database. A dropped connection is reopened, and
since notifications sent meanwhile are lost, every table the process holds is then checked again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from highroller.web.store.changes import CHANNEL, Change, parse_change

log = logging.getLogger(__name__)

Deliver = Callable[[Change], None]


async def listen(url: str, deliver: Deliver, resync: Callable[[], None]) -> None:
    """Deliver every change notified on the database at `url` until cancelled, reconnecting as needed."""
    import psycopg

    pause = 0.5
    while True:
        try:
            async with await psycopg.AsyncConnection.connect(url, autocommit=True) as connection:
                await connection.execute(f"LISTEN {CHANNEL}")
                pause = 0.5
                resync()
                async for note in connection.notifies():
                    change = parse_change(note.payload)
                    if change is not None:
                        deliver(change)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the database went away: try again, a little later each time
            log.warning("listening for table changes failed (%s); retrying in %.1f s", error, pause)
            await asyncio.sleep(pause)
            pause = min(pause * 2, 10.0)
