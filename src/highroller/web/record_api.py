"""The records API: a finished game's record (a file `highroller replay` reads) and its replay (every
position, with the log). Both are refused while the game is in play."""

from __future__ import annotations

from fastapi import APIRouter, Header, Request
from fastapi.responses import JSONResponse, Response

from highroller.web.answers import Record, Replay, documented
from highroller.web.errors import Refused
from highroller.web.messages import REFUSALS
from highroller.web.ratelimit import RateLimits, bearer_token
from highroller.web.replays import COST as REPLAY_COST
from highroller.web.replays import replay_json
from highroller.web.tables import Table, Tables


def build_record_router(tables: Tables, limits: RateLimits) -> APIRouter:
    """The records' routes; `limits` counts a replay, which costs more than one request."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    async def finished_table(table_id: str) -> Table:
        table = await tables.get(table_id)
        await table.fresh()
        if not table.finished:
            raise Refused("records and replays are shown once the game is over", 409, "not-finished")
        return table

    @router.get(
        "/tables/{table_id}/record", summary="The record of a finished game (highroller replay reads it)",
        responses=documented(Record, "the record, as a file to download"),
    )
    async def record(table_id: str) -> JSONResponse:
        table = await finished_table(table_id)
        disposition = f'attachment; filename="highroller-{table.game.name}-{table.id}.json"'
        return JSONResponse(table.record(), headers={"Content-Disposition": disposition})

    @router.get(
        "/tables/{table_id}/replay", summary="Every position of a finished game, with the log",
        response_model=None, responses=documented(Replay, "the table and every position of its game"),
    )
    async def replay(table_id: str, request: Request, authorization: str | None = Header(default=None)) -> Response:
        limits.spend(request.client.host if request.client else None, bearer_token(authorization), REPLAY_COST - 1)
        table = await finished_table(table_id)
        return Response(await replay_json(table), media_type="application/json")

    return router
