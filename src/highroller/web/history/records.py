"""The records of a profile's finished games as a zip, one JSON file each as the record download gives it
(`highroller.web.api.record_api`), streamed as it is made: each table is loaded and its record written in a
thread, one at a time, so the event loop never waits on it and the memory held is one record's."""

from __future__ import annotations

import asyncio
import json
import logging
import zipfile
from collections.abc import AsyncIterator, Sequence
from typing import Any

from highroller.web.store.database import Store
from highroller.web.tables.seated_copy import game_record
from highroller.web.tables.table_load import load_copy

log = logging.getLogger(__name__)

ZIP_GAMES = 1000
"""The most games (the latest) whose records one zip holds."""


def stored_record(store: Store, table_id: str) -> tuple[str, dict[str, Any]] | None:
    """(In a thread.) A finished table's game and record, loaded from the store; None when it is gone or
    not finished."""
    loaded = load_copy(store, table_id)
    if loaded is None or not loaded.state.is_terminal():
        return None
    row = loaded.row
    return row.game, game_record(loaded.state, row.id, row.seats, row.timer, row.stand_in, row.changes)


class _Sink:
    """Where the zip is written: the bytes since the last `take`, and how many were written in all."""

    def __init__(self) -> None:
        self._parts: list[bytes] = []
        self._written = 0

    def write(self, data: bytes) -> int:
        self._parts.append(bytes(data))
        self._written += len(data)
        return len(data)

    def tell(self) -> int:
        return self._written

    def flush(self) -> None:
        """Nothing to flush: `take` hands the bytes on."""

    def close(self) -> None:
        """Nothing to close."""

    def take(self) -> bytes:
        data, self._parts = b"".join(self._parts), []
        return data


def _add(archive: zipfile.ZipFile, sink: _Sink, store: Store, table_id: str) -> bytes:
    """(In a thread.) One game's record added to the zip; the zip's bytes it made."""
    found = stored_record(store, table_id)
    if found is not None:
        game, record = found
        archive.writestr(f"highroller-{game}-{table_id}.json", json.dumps(record, ensure_ascii=False))
    return sink.take()


async def zipped_records(store: Store, table_ids: Sequence[str], gate: asyncio.Semaphore) -> AsyncIterator[bytes]:
    """The zip of these tables' records (those still stored and readable), a piece at a time, made while
    holding `gate` (one export at a time in a process: exports never crowd out the requests' loads)."""
    async with gate:
        async for piece in _pieces(store, table_ids):
            yield piece


async def _pieces(store: Store, table_ids: Sequence[str]) -> AsyncIterator[bytes]:
    sink = _Sink()
    archive = zipfile.ZipFile(sink, "w", zipfile.ZIP_DEFLATED)
    for table_id in table_ids:
        try:
            data = await asyncio.to_thread(_add, archive, sink, store, table_id)
        except Exception:  # a table this server cannot replay any more: left out
            log.exception("the record of table %s cannot be exported", table_id)
            data = sink.take()
        if data:
            yield data
    await asyncio.to_thread(archive.close)
    yield sink.take()
