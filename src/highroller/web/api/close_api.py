"""Closing a table: its maker may close a table nobody else plays at, even without the seat's token
(a private window closed, another browser). The maker's seats are those its seat token holds, those
its profile (`X-Profile`) sits in, and, for a request from the server's own machine
(`highroller.web.http.quotas.LOCAL`), those taken from that machine; a remote address alone never names
a seat, so nobody can close another person's game. A table not started yet is deleted (if it was made
from the address one of those seats was taken from); a game in progress goes on with the stand-in in
the maker's seats, to its end, and its record and replay are kept as every game's are."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Header, Request

from highroller.web.api.answers import Closable, Closed, documented
from highroller.web.api.messages import REFUSALS
from highroller.web.api.profile_api import current_profile, profile_header
from highroller.web.api.route_args import bearer, origin
from highroller.web.http.errors import Refused
from highroller.web.http.quotas import LOCAL, Quotas
from highroller.web.tables.held_tables import Tables
from highroller.web.tables.live_table import Table


async def makers_seats(
    tables: Tables, table: Table, request: Request, quotas: Quotas, authorization: str | None, key: str | None
) -> set[int]:
    """The seats of `table` that are the asker's: by its seat token, its profile, or from the server's own machine."""
    await table.fresh()
    mine = set(await table.held_by_fresh(bearer(authorization)))
    if key is not None:
        profile = (await current_profile(tables.store, key)).id
        mine |= {row.seat for row in table.seats if row.profile == profile}
    if origin(quotas, request) == LOCAL:
        mine |= {row.seat for row in table.seats if row.taken_by == LOCAL.address and row.token_hash is not None}
    return mine


def build_close_router(tables: Tables, quotas: Quotas) -> APIRouter:
    """The routes that close a table."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    @router.get(
        "/tables/{table_id}/closable",
        summary="Whether you may close this table: you play at it (token, profile or this machine), nobody else does",
        response_model=None,
        responses=documented(Closable, "whether you may close it"),
    )
    async def closable(
        table_id: str,
        request: Request,
        authorization: str | None = Header(default=None),
        key: str | None = Depends(profile_header),
    ) -> dict[str, Any]:
        table = await tables.get(table_id)
        mine = await makers_seats(tables, table, request, quotas, authorization, key)
        return {
            "closable": bool(mine) and not table.finished and not table.others(sorted(mine)),
            "started": table.started,
        }

    @router.post(
        "/tables/{table_id}/close",
        summary="Close a table you alone play at: unstarted, it is deleted; in play, the stand-in plays your seats to "
        "the end",
        response_model=None,
        responses=documented(Closed, "the table closed"),
    )
    async def close(
        table_id: str,
        request: Request,
        authorization: str | None = Header(default=None),
        key: str | None = Depends(profile_header),
    ) -> dict[str, Any]:
        table = await tables.get(table_id)
        mine = await makers_seats(tables, table, request, quotas, authorization, key)
        if not mine:
            raise Refused(
                "only a person who plays at this table can close it: with its seat token, their profile, or on the "
                "server's own machine",
                403,
                "not-yours",
            )
        return {"table": table_id, "deleted": await tables.close(table, sorted(mine))}

    return router
