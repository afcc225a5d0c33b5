"""Rating the games as they finish: every `RATE_EVERY` seconds the finished rated tables without a result
are replayed by this server's live tables and each one's ranking stored (`highroller.web.ratings.results`)."""

from __future__ import annotations

import asyncio
import logging

from highroller.web import clock
from highroller.web.http.errors import Refused
from highroller.web.ratings.results import PER_PASS, pending, ranking_of, record
from highroller.web.store.database import Store
from highroller.web.tables.held_tables import Tables

log = logging.getLogger(__name__)

RATE_EVERY = 5.0
"""Seconds between two looks for finished rated tables."""


async def record_finished(store: Store, tables: Tables, unreadable: set[str] | None = None) -> int:
    """One pass: record every finished rated table without a result; how many this pass recorded.
    `unreadable` collects the tables this server cannot replay, which are not tried again."""
    skipped = unreadable if unreadable is not None else set()
    recorded = 0
    for table_id, how, finished_at in await asyncio.to_thread(pending, store, PER_PASS + len(skipped)):
        if table_id in skipped:
            continue
        try:
            table = await tables.get(table_id)
            await table.fresh()
        except Refused as refused:
            log.warning("the rated table %s cannot be rated: %s", table_id, refused.message)
            skipped.add(table_id)
            continue
        if not table.finished:
            continue
        ranking = ranking_of(table.seats, table.state.returns(), how)
        at = clock.now() if finished_at is None else finished_at
        recorded += await asyncio.to_thread(
            record, store, table_id, table.game.name, table.game.num_players, ranking, at
        )
    return recorded


async def keep_ratings(store: Store, tables: Tables) -> None:
    """Every `RATE_EVERY` seconds, record the rated games that finished."""
    unreadable: set[str] = set()
    while True:
        await asyncio.sleep(RATE_EVERY)
        try:
            await record_finished(store, tables, unreadable)
        except Exception:
            log.exception("recording the results of rated tables failed")
