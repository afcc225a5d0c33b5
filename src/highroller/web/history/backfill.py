"""The finishes of the tables that ended before finishes were stored: filled in once, when a server
process starts, off the event loop: each table is loaded in a thread, one at a time, beside (not among)
the loads the requests make; a table that cannot be loaded is left out."""

from __future__ import annotations

import asyncio
import logging

from highroller.web import clock
from highroller.web.store.database import Store
from highroller.web.tables.table_load import load_copy

log = logging.getLogger(__name__)

PER_PASS = 50
"""Tables looked up at once."""


def _fill(store: Store, table_id: str, finished_at: float | None) -> bool:
    """(In a thread.) Store one table's finishes; whether it could be read."""
    loaded = load_copy(store, table_id)
    if loaded is None or not loaded.state.is_terminal():
        return False
    store.record_finish(table_id, loaded.state.returns(), clock.now() if finished_at is None else finished_at)
    return True


async def fill_finishes(store: Store) -> int:
    """Store the finishes of every finished table without them; how many were filled in."""
    filled, skipped = 0, set[str]()
    while True:
        pending = [
            (table_id, at)
            for table_id, at in await asyncio.to_thread(store.unnoted_finishes, PER_PASS + len(skipped))
            if table_id not in skipped
        ]
        if not pending:
            return filled
        for table_id, at in pending:
            try:
                done = await asyncio.to_thread(_fill, store, table_id, at)
            except Exception:  # a table this server cannot replay: left out
                log.exception("the finished table %s cannot be read for its finishes", table_id)
                done = False
            if done:
                filled += 1
            else:
                skipped.add(table_id)


async def backfill(store: Store) -> None:
    """`fill_finishes`, once, as a server process's background task: a failure is logged, never raised."""
    try:
        filled = await fill_finishes(store)
    except Exception:
        log.exception("filling in the finishes of earlier games failed")
        return
    if filled:
        log.info("the finishes of %d earlier games were filled in", filled)
