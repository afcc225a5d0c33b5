"""The records API: a finished game's record (a file `highroller replay` reads) and its replay (every
position, with the log), both refused while the game is in play; and any table's log, whole, from its
start (a table's state holds only its last lines). Each is worked out off the event loop, and only
when asked."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse, Response

from highroller.web.api.answers import LogPage, Record, Replay, documented
from highroller.web.api.messages import MAX_VERSION, REFUSALS
from highroller.web.api.route_args import page_language
from highroller.web.bots.replays import COST as REPLAY_COST
from highroller.web.bots.replays import Replays
from highroller.web.http.errors import Refused
from highroller.web.http.ratelimit import RateLimits, bearer_token
from highroller.web.tables.held_tables import Tables
from highroller.web.tables.live_table import Table
from highroller.web.tables.log_words import in_language
from highroller.web.tables.table_load import whole_log
from highroller.web.tables.table_log import LOG_KEPT
from highroller.web.tables.turns import seat_names

LOG_COST = 5
"""How many requests a page of the whole log counts as against its asker's request rates."""


def with_chat(record: dict[str, Any], chat: list[dict[str, Any]] | None) -> dict[str, Any]:
    """The record, with the seated people's chat under "table" when they all said yes to it (`chat` not None)."""
    if chat is not None:
        record["table"]["chat"] = chat
    return record


def build_record_router(tables: Tables, replays: Replays, limits: RateLimits) -> APIRouter:
    """The records' routes; `limits` counts a replay and a page of the log, which cost more than one request."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    async def finished_table(table_id: str) -> Table:
        table = await tables.get(table_id)
        await table.fresh()
        if not table.finished:
            raise Refused("records and replays are shown once the game is over", 409, "not-finished")
        return table

    @router.get(
        "/tables/{table_id}/record",
        summary="The record of a finished game (highroller replay reads it), with the chat if every seated person said "
        "yes to it",
        responses=documented(Record, "the record, as a file to download"),
    )
    async def record(table_id: str) -> Response:
        table = await finished_table(table_id)
        disposition = f'attachment; filename="highroller-{table.game.name}-{table.id}.json"'
        chat = await tables.chat.for_record(table)
        body = await asyncio.to_thread(
            lambda: JSONResponse(with_chat(table.record(), chat)).body
        )  # a finished game's state no longer changes
        return Response(body, media_type="application/json", headers={"Content-Disposition": disposition})

    @router.get(
        "/tables/{table_id}/replay",
        summary="Every position of a finished game, with the log",
        response_model=None,
        responses=documented(Replay, "the table and every position of its game"),
    )
    async def replay(
        table_id: str,
        request: Request,
        authorization: str | None = Header(default=None),
        lang: str = Depends(page_language),
    ) -> Response:
        limits.spend(request.client.host if request.client else None, bearer_token(authorization), REPLAY_COST - 1)
        table = await finished_table(table_id)
        return Response(await replays.replay_json(table, lang), media_type="application/json")

    @router.get(
        "/tables/{table_id}/log",
        summary="Lines of a table's log before the ones its state holds (its last ones), a page at a time",
        response_model=None,
        responses=documented(LogPage, "the lines"),
    )
    async def earlier_lines(
        table_id: str,
        request: Request,
        before: int = Query(
            ge=0,
            le=MAX_VERSION,
            description="the place of the first line you have (a state's `log_from`): the lines before it are sent",
        ),
        authorization: str | None = Header(default=None),
        lang: str = Depends(page_language),
    ) -> dict[str, Any]:
        limits.spend(request.client.host if request.client else None, bearer_token(authorization), LOG_COST - 1)
        table = await tables.get(table_id)
        found = await tables.cold(whole_log, tables.store, table.id)
        if found is None:
            raise Refused("this table no longer exists", 404, "no-table")
        row, lines = found
        stop = min(before, len(lines))
        start = max(0, stop - LOG_KEPT)
        return {"log_from": start, "log": in_language(lines[start:stop], lang, seat_names(row.seats))}

    return router
